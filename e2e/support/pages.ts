/** Every page of Folio, by who may open it, for the tests that walk them all. Detail pages are reached from their lists. */
export const anonymousPages = [
  '/login/no-such-page',
  '/login',
  '/login/verify?email=someone%40example.com',
  '/login/error?error=access_denied',
  '/no-such-page',
]
export const userPages = ['/app', '/app/books', '/app/account', '/apps', '/logout', '/app/no-such-page']
export const adminPages = [
  '/manager/dashboard',
  '/manager/books',
  '/manager/books/new',
  '/manager/users',
  '/manager/users/new',
  '/manager/activity',
  '/manager/account',
  '/manager/api-docs',
  '/manager/no-such-page',
]
