import { useTranslation } from 'react-i18next'

/** Shown while a page's data is slow to come (after 1 s, for at least 0.5 s; app.config.ts). */
export function PagePending() {
  const { t } = useTranslation('common')
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 p-8 text-neutral-600 dark:text-neutral-400"
    >
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {t('loading')}
    </div>
  )
}
