/**
 * The pattern of the route an address reaches, such as `/manager/books/$bookId`: what metrics and
 * traces name a request by, so that each book's address is not a series of its own.
 */
import '@tanstack/react-start/server-only'
import { createRouter } from '@tanstack/react-router'

import { appConfig } from '@/app.config'
import { routeTree } from '~/routeTree.gen'

let matcher: { getMatchedRoutes: ReturnType<typeof createRouter>['getMatchedRoutes'] } | undefined

export function routePattern(pathname: string, handlerType: 'serverFn' | 'router'): string {
  if (handlerType === 'serverFn') return `${appConfig.serverFnBase}/$id`
  // A router of its own, only to match addresses (no loader runs, so it needs no context): the
  // router's own matcher, built once.
  matcher ??= createRouter({ routeTree, context: {} as never })
  const [, params, route] = matcher.getMatchedRoutes(pathname)
  // The router matches an unknown address loosely, to the nearest route, with the rest as `**`.
  if (!route || '**' in params) return 'unmatched'
  // An index route's path ends in a slash (`/login/`), which its address does not.
  return route.fullPath.length > 1 ? route.fullPath.replace(/\/$/, '') : route.fullPath
}
