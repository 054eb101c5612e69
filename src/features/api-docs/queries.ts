import { queryOptions } from '@tanstack/react-query'

import { getApiReference } from './api-docs.functions'

export const apiReferenceQuery = queryOptions({
  queryKey: ['api-reference'],
  queryFn: () => getApiReference(),
  // The schema changes only with a new build.
  staleTime: Number.POSITIVE_INFINITY,
})
