import { type QueryClient, queryOptions } from '@tanstack/react-query'

import { getMyPasskeys, getMySessions } from './account.functions'

export const mySessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: () => getMySessions(),
})

export const myPasskeysQuery = queryOptions({
  queryKey: ['account', 'passkeys'],
  queryFn: () => getMyPasskeys(),
})

/** What the account page shows from the server, fetched before it renders. */
export const loadAccount = (queryClient: QueryClient) =>
  Promise.all([queryClient.ensureQueryData(mySessionsQuery), queryClient.ensureQueryData(myPasskeysQuery)])
