import { Link, useRouter } from '@tanstack/react-router'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import { Button, buttonClass } from './ui/button'

export type ErrorType = '403' | '404' | '500' | 'unknown'

/** Where each route group's Home link leads. */
export type GroupHome = '/' | '/login' | '/app' | '/manager'

/**
 * The error pages (403, 404, 500, unknown) with a message and Back and Home links. As an error
 * boundary it also shows what went wrong and a Try again button.
 */
export function PageError({
  type,
  home = '/',
  detail,
  retry,
}: {
  type: ErrorType
  home?: GroupHome
  /** The error's own message, when there is one worth showing. */
  detail?: string
  retry?: { onRetry: () => void; pending: boolean }
}) {
  const { t } = useTranslation('common')
  const router = useRouter()
  const headingId = useId()
  // A section, not <main>, because inside a layout the main landmark is the layout's.
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto flex min-h-[70dvh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      {type !== 'unknown' && (
        <p className="text-6xl font-bold text-muted-foreground" aria-hidden="true">
          {type}
        </p>
      )}
      <h1 id={headingId} className="text-xl font-semibold">
        {t(`errorPage.${type}`)}
      </h1>
      {detail && (
        <p role="alert" className="text-muted-foreground">
          {detail}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {retry && (
          <Button loading={retry.pending} onClick={retry.onRetry}>
            {t('actions.tryAgain')}
          </Button>
        )}
        <Button variant="outline" onClick={() => router.history.back()}>
          {t('actions.back')}
        </Button>
        <Link to={home} className={buttonClass(retry ? 'outline' : 'primary')}>
          {t('actions.home')}
        </Link>
      </div>
    </section>
  )
}
