import { describe, expect, it } from 'vitest'

import { hasPermission, roleNames } from './permissions'

describe('the access-control table', () => {
  it('grants the admin the manager and every catalogue right', () => {
    expect(hasPermission('admin', { apps: ['manager', 'app'] })).toBe(true)
    expect(hasPermission('admin', { book: ['read', 'create', 'update', 'delete'] })).toBe(true)
    expect(hasPermission('admin', { user: ['create', 'list', 'ban', 'impersonate', 'delete'] })).toBe(true)
    expect(hasPermission('admin', { session: ['list', 'revoke', 'delete'] })).toBe(true)
  })

  it('keeps the user role to the app, reading and their own account', () => {
    expect(
      hasPermission('user', { apps: ['app'], book: ['read'], genre: ['read'], account: ['update'] }),
    ).toBe(true)
    expect(hasPermission('user', { apps: ['manager'] })).toBe(false)
    expect(hasPermission('user', { book: ['create'] })).toBe(false)
    expect(hasPermission('user', { user: ['list'] })).toBe(false)
    expect(hasPermission('user', { session: ['list'] })).toBe(false)
  })

  it('passes when any one of comma-separated roles grants the permission', () => {
    expect(hasPermission('user,admin', { apps: ['manager'] })).toBe(true)
    expect(hasPermission('user, admin', { book: ['delete'] })).toBe(true)
    expect(hasPermission('user,unknown', { apps: ['manager'] })).toBe(false)
  })

  it('refuses unknown or missing roles', () => {
    expect(hasPermission(undefined, { book: ['read'] })).toBe(false)
    expect(hasPermission('', { book: ['read'] })).toBe(false)
    expect(hasPermission('owner', { book: ['read'] })).toBe(false)
  })

  it('reads a role of several, separated by commas', () => {
    expect(roleNames('admin, user')).toEqual(['admin', 'user'])
    expect(roleNames('user')).toEqual(['user'])
    expect(roleNames(',')).toEqual([])
    expect(roleNames(null)).toEqual([])
  })
})
