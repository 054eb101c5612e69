/**
 * Security headers on every route, signed out and signed in, and error answers without stack
 * traces. HSTS needs https, so it has a unit test instead.
 */
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test'
import { readdirSync } from 'node:fs'

import { appConfig } from '@/app.config'

import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

/** Every route file as a URL; dynamic segments get real ids. */
function routePaths(ids: { book: string; user: string }) {
  return readdirSync('src/routes', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('__root'))
    .map((file) =>
      `/${file}`
        .replace(/\.tsx?$/, '')
        .replace(/\/(index|route)$/, '')
        .replace('/books/$id', `/books/${ids.book}`)
        .replace('/users/$id', `/users/${ids.user}`)
        .replace('/locales/$lng/$file', '/locales/en/common.json')
        .replace('/api/auth/$', '/api/auth/get-session'),
    )
    .map((path) => path || '/')
}

function expectSecurityHeaders(response: APIResponse, path: string) {
  const headers = response.headers()
  expect({ path, referrer: headers['referrer-policy'] }).toEqual({
    path,
    referrer: 'strict-origin-when-cross-origin',
  })
  expect({ path, sniff: headers['x-content-type-options'] }).toEqual({ path, sniff: 'nosniff' })
  expect({ path, permissions: headers['permissions-policy'] }).toEqual({
    path,
    permissions: expect.stringContaining('camera=()'),
  })
}

async function expectPageHeaders(request: APIRequestContext, path: string, signedIn: boolean) {
  const response = await request.get(path, { maxRedirects: 0 })
  expectSecurityHeaders(response, path)
  if (!response.headers()['content-type']?.includes('text/html')) return response
  // A signed-in page must not be cached anywhere; a signed-out page carries no such header.
  const cacheControl = response.headers()['cache-control']
  expect({ path, cacheControl }).toEqual({ path, cacheControl: signedIn ? 'private, no-store' : undefined })
  const csp = response.headers()['content-security-policy'] ?? ''
  expect({ path, csp }).toEqual({ path, csp: expect.stringContaining("frame-ancestors 'none'") })
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect({ path, nonce: Boolean(nonce) }).toEqual({ path, nonce: true })
  const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)
  for (const tag of scripts)
    expect({ path, tag }).toEqual({ path, tag: expect.stringContaining(`nonce="${nonce}"`) })
  return response
}

const noStack = /\bat [\w.<>]+ \(|node_modules|\.output\//

test.describe('security headers', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('on every route, for a visitor signed out and for an admin', async ({ request, playwright }) => {
    const books = await resultOf<{ items: { id: string }[] }>(
      await callServerFn(request, 'book--getBooks', 'GET', { searchTerm: '' }),
    )
    const users = await resultOf<{ items: { id: string }[] }>(
      await callServerFn(request, 'user--getUsers', 'GET', { searchTerm: '' }),
    )
    const paths = routePaths({ book: books.items[0]?.id ?? '', user: users.items[0]?.id ?? '' })
    expect(paths.length).toBeGreaterThan(20)
    // Without a storage state of its own, the new context would carry the admin's cookies.
    const anonymous = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: { cookies: [], origins: [] },
    })
    for (const path of paths) {
      await expectPageHeaders(request, path, true)
      await expectPageHeaders(anonymous, path, false)
    }
    await anonymous.dispose()
  })

  test('on server functions, /api/auth and error answers, which carry no stack trace', async ({
    request,
  }) => {
    const answers = [
      await callServerFn(request, 'book--getBooks', 'GET', { searchTerm: '' }),
      await callServerFn(request, 'book--postBook', 'POST', { title: '' }),
      await callServerFn(request, 'book--getBookById', 'GET', { id: 'no-such-book' }),
      await request.get(`${appConfig.serverFnBase}/book--getBooks?payload=not-json`, {
        headers: { 'x-tsr-serverFn': 'true' },
      }),
      await request.get(`${appConfig.authBasePath}/no-such-endpoint`),
      await request.get('/no-such-page'),
    ]
    for (const response of answers) {
      const label = `${response.url()} ${response.status()}`
      expectSecurityHeaders(response, label)
      if (response.status() >= 400)
        expect({ label, body: await response.text() }).not.toEqual({
          label,
          body: expect.stringMatching(noStack),
        })
    }
  })
})
