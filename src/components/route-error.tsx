import { type ErrorComponentProps, useMatch, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { isForbidden } from '~/features/auth/guards'
import { isHttpError } from '~/lib/http-error'

import { MainUnlessInLayout } from './main-landmark'
import { type ErrorType, type GroupHome, PageError } from './page-error'

/** Which error page a thrown value gets: anything that is not an Error is of unknown kind. */
export function errorTypeOf(error: unknown): ErrorType {
  if (isForbidden(error) || isHttpError(error, 403)) return '403'
  if (isHttpError(error, 404)) return '404'
  return error instanceof Error ? '500' : 'unknown'
}

/**
 * A route group's error boundary: 403 for a missing right, otherwise what went wrong and
 * Try Again, which spins for a moment and then loads the route's data again.
 */
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

/** The group a route belongs to (by its id, e.g. '/app/books/$id/'), named by its home. */
export function groupHomeOf(routeId: string): GroupHome {
  const home = `/${routeId.split('/')[1] ?? ''}`
  return home === '/app' || home === '/manager' || home === '/login' ? home : '/'
}

/** The home of the group of the route whose page this is (not of an address being opened). */
function usePageGroupHome() {
  return groupHomeOf(useMatch({ strict: false, select: (match) => match.routeId }) ?? '/')
}

/**
 * Every route's error page (the router's default). A page's shows inside its group's layout, on
 * the server and in the browser alike; a group's own (its guard failed) replaces the layout.
 */
export function PageRouteError(props: ErrorComponentProps) {
  return (
    <MainUnlessInLayout>
      <RouteError {...props} home={usePageGroupHome()} />
    </MainUnlessInLayout>
  )
}

/**
 * A not-found page: a group's, for an unknown address, and a page's, for what its loader did not
 * find (an unknown book or user: set on the page's route, it shows inside the group's layout).
 */
export function PageNotFound() {
  return (
    <MainUnlessInLayout>
      <PageError type="404" home={usePageGroupHome()} />
    </MainUnlessInLayout>
  )
}
