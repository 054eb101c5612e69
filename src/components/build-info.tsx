import { useTranslation } from 'react-i18next'

import { toast } from '~/components/ui/toast'
import { versionLabel } from '~/lib/build-info'

/** The running build's version label, with a button that copies it (for a bug report, say). */
export function BuildInfo() {
  const { t } = useTranslation('common')

  async function copy() {
    try {
      await navigator.clipboard.writeText(versionLabel)
      toast.success(t('build.copied'))
    } catch {
      // No clipboard outside a secure context, or permission refused: the label stays selectable.
      toast.error(t('build.copyFailed'))
    }
  }

  return (
    <div className="flex items-center justify-between gap-2 px-3 py-1 text-xs text-neutral-600 dark:text-neutral-400">
      <span className="select-all" dir="ltr">
        {versionLabel}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        className="flex size-7 shrink-0 items-center justify-center rounded outline-none hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-accent dark:hover:bg-neutral-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
        </svg>
        <span className="sr-only">{t('build.copy')}</span>
      </button>
    </div>
  )
}
