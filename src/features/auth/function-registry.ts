import type { Permissions } from './permissions'

/** Who may call a server function: anyone, or whoever holds all of these permissions. */
export type FunctionAccess = 'public' | Permissions

/**
 * Every server function by id (`<module>--<name>`), with its method and who may call it. Protected
 * functions read their rule here, and a test fails for a server function missing from this list.
 */
export const serverFunctions = {
  'root--getRootData': { method: 'GET', access: 'public' },
  'auth--getCurrentSession': { method: 'GET', access: 'public' },
  'auth--completeOnboarding': { method: 'POST', access: { account: ['update'] } },
  'account--putName': { method: 'POST', access: { account: ['update'] } },
  'account--getMySessions': { method: 'GET', access: { account: ['update'] } },
  'account--revokeMySession': { method: 'POST', access: { account: ['update'] } },
  'account--getMyData': { method: 'GET', access: { account: ['update'] } },
  'account--getMyPasskeys': { method: 'GET', access: { account: ['update'] } },
  'book--getBooks': { method: 'GET', access: { book: ['read'] } },
  'book--getBookById': { method: 'GET', access: { book: ['read'] } },
  'book--postBook': { method: 'POST', access: { book: ['create'] } },
  'book--putBook': { method: 'POST', access: { book: ['update'] } },
  'book--removeBook': { method: 'POST', access: { book: ['delete'] } },
  'genre--getGenres': { method: 'GET', access: { genre: ['read'] } },
  'genre--postGenre': { method: 'POST', access: { genre: ['create'] } },
  'user--getUsers': { method: 'GET', access: { user: ['list'] } },
  'user--getUserById': { method: 'GET', access: { user: ['get'] } },
  'user--getUserSessions': { method: 'GET', access: { session: ['list'] } },
  'user--postUser': { method: 'POST', access: { user: ['create'] } },
  'user--putUser': { method: 'POST', access: { user: ['update'] } },
  'user--deleteUser': { method: 'POST', access: { user: ['delete'] } },
  'user--postBan': { method: 'POST', access: { user: ['ban'] } },
  'user--deleteBan': { method: 'POST', access: { user: ['ban'] } },
  'user--revokeSession': { method: 'POST', access: { session: ['revoke'] } },
  'user--revokeSessions': { method: 'POST', access: { session: ['revoke'] } },
  'manager.dashboard--getDashboardFigures': {
    method: 'GET',
    access: { apps: ['manager'], session: ['list'] },
  },
  'activity--getActivity': { method: 'GET', access: { activity: ['read'] } },
  'activity--getHistory': { method: 'GET', access: { activity: ['read'] } },
  'api-docs--getApiReference': { method: 'GET', access: { apps: ['manager'] } },
  // pnpm new:entity adds each entity's functions here.
} as const satisfies Record<string, { method: 'GET' | 'POST'; access: FunctionAccess }>

export type ServerFunctionId = keyof typeof serverFunctions
export type ProtectedFunctionId = {
  [Id in ServerFunctionId]: (typeof serverFunctions)[Id]['access'] extends 'public' ? never : Id
}[ServerFunctionId]
