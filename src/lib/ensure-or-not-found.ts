import type { QueryClient, QueryKey, UseSuspenseQueryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'

import { isHttpError } from './http-error'

/** Loads a detail page's data; a 404 from the server shows the route group's not-found page. */
export async function ensureOrNotFound<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: UseSuspenseQueryOptions<Data, Error, Data, Key>,
) {
  try {
    return await queryClient.ensureQueryData(options)
  } catch (error) {
    if (isHttpError(error, 404)) throw notFound()
    throw error
  }
}
