import { Copy } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { toast } from '~/components/ui/toast'
import { versionLabel } from '~/lib/build-info'

/** The running build's version label, with a button that copies it for bug reports. */
export function BuildInfo() {
  const { t } = useTranslation('common')

  async function copy() {
    try {
      await navigator.clipboard.writeText(versionLabel)
      toast.success(t('build.copied'))
    } catch {
      // Without clipboard access the label can still be selected by hand.
      toast.error(t('build.copyFailed'))
    }
  }

  return (
    <div className="flex items-center justify-between gap-2 px-3 py-1 text-xs text-muted-foreground">
      <span className="select-all" dir="ltr">
        {versionLabel}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        className="flex size-7 shrink-0 items-center justify-center rounded hover:bg-muted"
      >
        <Copy aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('build.copy')}</span>
      </button>
    </div>
  )
}
