import { MutationCache, type Query, QueryCache, QueryClient } from '@tanstack/react-query'
import { createRouter, stringifySearchWith } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'

import { appConfig } from '@/app.config'
import { PagePending } from '~/components/page-pending'
import { PageRouteError } from '~/components/route-error'
import { leaveEndedSession } from '~/features/auth/guards'
import { isHttpError } from '~/lib/http-error'

import { routeTree } from './routeTree.gen'

const { router: timing, query } = appConfig

/**
 * Retries network and server errors but not 4xx refusals, which would not change. `onError` gets
 * every failed query and mutation.
 */
export function createQueryClient(onError?: (error: unknown, query?: Query<unknown, unknown>) => void) {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError?.(error, query) }),
    mutationCache: new MutationCache({ onError: (error) => onError?.(error) }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          isHttpError(error) && error.status < 500 ? false : failureCount < query.retry,
        retryDelay: (attempt) => Math.min(query.retryDelayMinMs * 2 ** attempt, query.retryDelayMaxMs),
        gcTime: timing.gcTimeMs,
      },
    },
  })
}

/** How routes load: preloaded on intent, pending UI for slow ones, scroll restored. */
export const routerDefaults = {
  scrollRestoration: true,
  defaultPreload: 'intent',
  defaultPreloadDelay: timing.preloadDelayMs,
  // Preloading starts when the pointer comes this many pixels from a link.
  defaultPreloadIntentProximity: timing.linkPreloadMarginPx,
  defaultPendingMs: timing.pendingMs,
  defaultPendingMinMs: timing.pendingMinMs,
  defaultPendingComponent: PagePending,
  defaultErrorComponent: PageRouteError,
  defaultGcTime: timing.gcTimeMs,
  defaultPreloadStaleTime: 0,
  // Search values are the text in the address: `?searchTerm=1984` is "1984", not a number the
  // router would write back as `%221984%22` while the page loads.
  parseSearch: (search: string) => Object.fromEntries(new URLSearchParams(search)),
  stringifySearch: stringifySearchWith(JSON.stringify),
} as const

export function getRouter() {
  const queryClient: QueryClient = createQueryClient((error, query) =>
    leaveEndedSession(error, queryClient, router, query),
  )
  // The browser reads the server's CSP nonce back from the page, so hydration renders the same attributes.
  const nonce =
    typeof document === 'undefined'
      ? (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce
      : (document.querySelector('meta[property="csp-nonce"]')?.getAttribute('content') ?? undefined)
  const router = createRouter({ routeTree, context: { queryClient }, ...routerDefaults, ssr: { nonce } })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
