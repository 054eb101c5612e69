import { getRouteApi } from '@tanstack/react-router'

const rootRoute = getRouteApi('__root__')

/** Language, public settings and sign-in settings loaded once by the root route. */
export function useRootData() {
  return rootRoute.useLoaderData()
}
