import { type ErrorComponentProps, useLocation, useRouter } from '@tanstack/react-router'
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

/** The group an address belongs to, by its home: where its error pages' Home link leads. */
export function groupHomeOf(pathname: string): GroupHome {
  const home = `/${pathname.split('/')[1] ?? ''}`
  return home === '/app' || home === '/manager' || home === '/login' ? home : '/'
}

/**
 * A page's error page (the router's default): inside its group's layout, on the server and in
 * the browser alike. Without it, a page's error was caught by its group's boundary in the browser,
 * which replaced the layout the server had rendered around it.
 */
export function PageRouteError(props: ErrorComponentProps) {
  const pathname = useLocation({ select: (location) => location.pathname })
  return (
    <MainUnlessInLayout>
      <RouteError {...props} home={groupHomeOf(pathname)} />
    </MainUnlessInLayout>
  )
}

/**
 * The error and not-found pages of a route group, whose Home link leads to `home`. Its error
 * page shows when the group's own route fails (its guard), in place of its layout.
 */
export function groupErrorPages(home: GroupHome) {
  return {
    errorComponent: (props: ErrorComponentProps) => (
      <MainUnlessInLayout>
        <RouteError {...props} home={home} />
      </MainUnlessInLayout>
    ),
    notFoundComponent: () => (
      <MainUnlessInLayout>
        <PageError type="404" home={home} />
      </MainUnlessInLayout>
    ),
  }
}
