import { describe, expect, it } from 'vitest'

import { createAuth } from '~/server/auth'
import { handleAuthRequest } from '~/server/auth-handler'
import { db } from '~/server/database'
import { parseEnv } from '~/server/env'

import { authRouteOf, authRoutes } from './auth-routes'

/** An instance with every optional plugin on: social and OpenID providers, captcha, demo mode. */
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

  it('matches a path to its route, parameters included', () => {
    expect(authRouteOf('/get-session')).toBe('/get-session')
    expect(authRouteOf('/callback/github')).toBe('/callback/:id')
    expect(authRouteOf('/callback/github/extra')).toBeUndefined()
    expect(authRouteOf('/no-such-route')).toBeUndefined()
  })

  it('answers 404 for routes Folio does not offer, however the path is written', async () => {
    const instance = await fullyConfigured()
    const status = async (path: string, method: string) =>
      (
        await handleAuthRequest(
          instance,
          new Request(`http://localhost:3000/api/auth${path}`, {
            method,
            headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
            body: method === 'POST' ? '{}' : undefined,
          }),
          { captcha: false },
        )
      ).status
    for (const [path, entry] of Object.entries(authRoutes)) {
      if (entry.access !== 'off') continue
      const concrete = path.replace(/:\w+/g, 'x')
      for (const variant of [concrete, `${concrete}/`, `/${concrete}`, concrete.toUpperCase()])
        expect({ variant, status: await status(variant, entry.methods[0]) }).toEqual({ variant, status: 404 })
    }
    expect(await status('/sign-in%2Femail', 'POST')).toBe(404)
  })
})
