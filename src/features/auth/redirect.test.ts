import { describe, expect, it } from 'vitest'

import { homeOf, safeRedirect } from './redirect'

describe('after sign-in', () => {
  it.each(['/app', '/manager/books?searchTerm=dune', '/app/books/42#top'])(
    'follows the local path %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path)
    },
  )

  it.each([
    '',
    undefined,
    '//evil.example',
    '//evil.example/app',
    '/.//evil.example',
    '/a/..//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil.example',
    'app',
  ])('ignores %s, which is not a path on this site', (path) => {
    expect(safeRedirect(path)).toBeUndefined()
  })

  it('sends admins to the manager and everyone else to the app', () => {
    expect(homeOf('admin')).toBe('/manager')
    expect(homeOf('user,admin')).toBe('/manager')
    expect(homeOf('user')).toBe('/app')
    expect(homeOf(undefined)).toBe('/app')
  })
})
