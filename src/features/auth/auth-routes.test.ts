import { describe, expect, it } from 'vitest'

import { createAuth } from '~/server/auth'
import { handleAuthRequest } from '~/server/auth-handler'
import { db } from '~/server/database'
import { parseEnv } from '~/server/env'

import { authRouteBodies } from './auth-route-bodies'
import { authRouteOf, authRoutes, isOfferedAuthPath } from './auth-routes'

/** An instance with every optional plugin on: social and OpenID providers, captcha and demo mode. */
async function fullyConfigured() {
  const env = parseEnv({
    ...process.env,
    GITHUB_CLIENT_ID: 'id',
    GITHUB_CLIENT_SECRET: 'secret',
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
    OIDC_DISCOVERY_URL: 'http://127.0.0.1:9/.well-known/openid-configuration',
    OIDC_CLIENT_ID: 'id',
    TURNSTILE_SITE_KEY: 'site',
    TURNSTILE_SECRET_KEY: 'secret',
    DEMO_MODE: 'true',
  })
  return createAuth(await db(), env)
}

/** Every route better-auth serves over HTTP, with its methods. */
async function servedRoutes() {
  const instance = await fullyConfigured()
  return Object.fromEntries(
    Object.values(instance.api).flatMap((endpoint) => {
      const { path, options } = endpoint as unknown as {
        path?: string
        options: { method: string | string[]; metadata?: { SERVER_ONLY?: boolean } }
      }
      if (!path || options.metadata?.SERVER_ONLY) return []
      return [[path, [options.method].flat().sort()]]
    }),
  )
}

describe('the registry of /api/auth routes', () => {
  it('lists every route better-auth serves, with its methods, and nothing else', async () => {
    const served = await servedRoutes()
    expect(Object.keys(served).length).toBeGreaterThan(50)
    expect(served).toEqual(
      Object.fromEntries(
        Object.entries(authRoutes).map(([path, entry]) => [path, [...entry.methods].sort()]),
      ),
    )
  })

  it('has a schema for the body of every route Folio serves with POST, and for no other', async () => {
    const served = await servedRoutes()
    const takingBodies = Object.keys(served).filter(
      (path) => served[path]?.includes('POST') && isOfferedAuthPath(path),
    )
    expect(takingBodies.length).toBeGreaterThan(30)
    expect(Object.keys(authRouteBodies).sort()).toEqual(takingBodies.sort())
  })

  it('matches a path to its route, parameters included, and offers no spelling of an off route', () => {
    for (const variant of [
      '/sign-in/email/',
      '/SIGN-IN/EMAIL',
      '/sign-in/email?x=1',
      '/Open-API/generate-schema',
    ])
      expect({ variant, offered: isOfferedAuthPath(variant) }).toEqual({ variant, offered: false })
    expect(isOfferedAuthPath('/get-session')).toBe(true)
    expect(authRouteOf('/get-session')).toBe('/get-session')
    expect(authRouteOf('/callback/github')).toBe('/callback/:id')
    expect(authRouteOf('/callback/github/extra')).toBeUndefined()
    expect(authRouteOf('/no-such-route')).toBeUndefined()
  })

  it("hands no one another user's whole session token: the back office lists sessions shortened", () => {
    expect(authRoutes['/admin/list-user-sessions'].access).toBe('off')
    // Nor one's own, which an impersonating admin would read as the user's.
    expect(authRoutes['/list-sessions'].access).toBe('off')
  })

  it('answers 404 for routes Folio does not offer, however the path is written', async () => {
    const instance = await fullyConfigured()
    // Folio's own refusal, as distinct from better-auth's answer to an unknown path.
    const status = async (path: string, method: string) => {
      const response = await handleAuthRequest(
        instance,
        new Request(`http://localhost:3000/api/auth${path}`, {
          method,
          headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        }),
        { captcha: false },
      )
      return `${response.status} ${await response.text()}`
    }
    const refused = '404 {"code":"NOT_FOUND","message":"Not found"}'
    for (const [path, entry] of Object.entries(authRoutes)) {
      if (entry.access !== 'off') continue
      const concrete = path.replace(/:\w+/g, 'x')
      for (const variant of [concrete, `${concrete}/`, `/${concrete}`, concrete.toUpperCase()])
        expect({ variant, answer: await status(variant, entry.methods[0]) }).toEqual({
          variant,
          answer: refused,
        })
    }
    expect(await status('/sign-in%2Femail', 'POST')).toBe(refused)
  })
})
