import { Link, useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

export type ErrorType = '403' | '404' | '500' | 'unknown'

/** The generic error pages of SPEC §2: a code, a message, Back and Home links. */
export function PageError({ type }: { type: ErrorType }) {
  const { t } = useTranslation('common')
  const router = useRouter()
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      {type !== 'unknown' && (
        <p className="text-6xl font-bold text-neutral-400" aria-hidden="true">
          {type}
        </p>
      )}
      <h1 className="text-xl font-semibold">{t(`errorPage.${type}`)}</h1>
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded-md border px-4 py-2 hover:bg-neutral-100 dark:hover:bg-neutral-800"
          onClick={() => router.history.back()}
        >
          {t('actions.back')}
        </button>
        <Link
          to="/"
          className="rounded-md bg-neutral-900 px-4 py-2 text-white dark:bg-white dark:text-neutral-900"
        >
          {t('actions.home')}
        </Link>
      </div>
    </main>
  )
}
