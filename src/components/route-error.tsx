import { type ErrorComponentProps, useMatch, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { isForbidden } from '~/features/auth/guards'
import { isHttpError } from '~/lib/http-error'

import { MainUnlessInLayout } from './main-landmark'
import { type ErrorType, type GroupHome, PageError } from './page-error'

/** Which error page a thrown value gets; anything that is not an Error is unknown. */
export function errorTypeOf(error: unknown): ErrorType {
  if (isForbidden(error) || isHttpError(error, 403)) return '403'
  if (isHttpError(error, 404)) return '404'
  return error instanceof Error ? '500' : 'unknown'
}

/** A route group's error boundary: 403 for a missing permission, else the error and Try again. */
export function RouteError({ error, reset, home }: ErrorComponentProps & { home?: GroupHome }) {
  const { t } = useTranslation('errors')
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const type = errorTypeOf(error)

  async function retry() {
    setPending(true)
    await new Promise((resolve) => setTimeout(resolve, appConfig.errorBoundaryRetryDelayMs))
    reset()
    await router.invalidate()
    setPending(false)
  }

  const detail = isHttpError(error) ? t(error.code) : error instanceof Error ? error.message : undefined
  return (
    <PageError
      type={type}
      home={home}
      detail={type === '403' ? undefined : detail}
      retry={type === '403' ? undefined : { onRetry: () => void retry(), pending }}
    />
  )
}

/** The home of the group a route id such as '/app/books/$id/' belongs to. */
export function groupHomeOf(routeId: string): GroupHome {
  const home = `/${routeId.split('/')[1] ?? ''}`
  return home === '/app' || home === '/manager' || home === '/login' ? home : '/'
}

/** The home of the current page's route group, not of an address being opened. */
function usePageGroupHome() {
  return groupHomeOf(useMatch({ strict: false, select: (match) => match.routeId }) ?? '/')
}

/**
 * The router's default error page. A page's error shows inside its group's layout; a group's own
 * error (its guard failed) replaces the layout.
 */
export function PageRouteError(props: ErrorComponentProps) {
  return (
    <MainUnlessInLayout>
      <RouteError {...props} home={usePageGroupHome()} />
    </MainUnlessInLayout>
  )
}

/** The not-found page, for an unknown address or for a record a loader did not find. */
export function PageNotFound() {
  return (
    <MainUnlessInLayout>
      <PageError type="404" home={usePageGroupHome()} />
    </MainUnlessInLayout>
  )
}
