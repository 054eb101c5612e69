/**
 * Sends generated hostile input to every server function and /api/auth route. No call may answer
 * 5xx, a refused call must change no table, and each bad auth field must get a 400 naming it.
 * The file runs its own server; on PGlite, which allows no second connection, only statuses are checked.
 */
import { type APIRequestContext, expect, test } from '@playwright/test'
import fc from 'fast-check'
import { readdirSync } from 'node:fs'
import postgres from 'postgres'
import { z } from 'zod/mini'

import { appConfig } from '@/app.config'
import { type AuthBodyRoute, authRouteBodies } from '~/features/auth/auth-route-bodies'
import { type AuthRoute, authRoutes } from '~/features/auth/auth-routes'
import { type ServerFunctionId, serverFunctions } from '~/features/auth/function-registry'
import { type UploadTarget, uploadTargets, uploadUrl } from '~/features/uploads/targets'
import { limits } from '~/lib/limits'
import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'

import { startAppServer } from './support/app-server'
import { callAuthRoute, signInOverHttp } from './support/auth-api'
import {
  hostileRawBody,
  hostileString,
  hostileValue,
  idWithNul,
  invalidIdsInAddresses,
  oversizedBody,
  unknownServerFunctions,
} from './support/hostile'
import { callServerFn, serverFnPostHeaders } from './support/server-fn'

let server: Awaited<ReturnType<typeof startAppServer>>
let database: Awaited<ReturnType<typeof createFreshDatabase>> | undefined
let sql: postgres.Sql | undefined
let adminId = ''
let callers: Record<'visitor' | 'admin', { cookie: string; request: APIRequestContext }>

test.beforeAll(async ({ playwright }) => {
  const serverUrl = testDatabaseServer()
  if (serverUrl) {
    database = await createFreshDatabase(serverUrl, 'folio_hostile')
    sql = postgres(database.url, { max: 1, onnotice: () => {} })
  }
  server = await startAppServer(database ? { DATABASE_URL: database.url } : {})
  const admin = await signInOverHttp('admin@example.com', server)
  adminId = admin.id
  const requestWith = (cookie: string) =>
    playwright.request.newContext({ extraHTTPHeaders: cookie ? { cookie } : {} })
  callers = {
    visitor: { cookie: '', request: await requestWith('') },
    admin: { cookie: admin.cookie, request: await requestWith(admin.cookie) },
  }
})

test.afterAll(async () => {
  await Promise.all(Object.values(callers ?? {}).map(({ request }) => request.dispose()))
  await sql?.end()
  await server?.stop()
  await database?.drop()
})

/** A digest of every table's rows (PostgreSQL only). */
async function fingerprint(): Promise<Record<string, string> | undefined> {
  if (!sql) return undefined
  const tables = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`
  const digests = await Promise.all(
    tables.map(async ({ name }) => {
      const [row] = await sql!.unsafe<{ digest: string }[]>(
        `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${name}" t`,
      )
      return [name, row?.digest ?? ''] as const
    }),
  )
  return Object.fromEntries(digests)
}

/** Sends a request and checks its answer: below 500, and no row written if it was refused. */
async function expectHarmless(label: string, send: () => Promise<{ status: number; body: string }>) {
  const before = await fingerprint()
  const { status, body } = await send()
  expect(status, `${label} → ${status}: ${body.slice(0, 300)}`).toBeLessThan(500)
  if (status >= 400 && before) expect(await fingerprint(), `${label} wrote rows`).toEqual(before)
}

const fromPlaywright = async (response: { status: () => number; text: () => Promise<string> }) => ({
  status: response.status(),
  body: await response.text(),
})
const fromFetch = async (response: Response) => ({ status: response.status, body: await response.text() })
const shown = (value: unknown) => fc.stringify(value).slice(0, 200)

/**
 * Checks that an oversized upload is refused with `expected`. The server may close the connection
 * before the upload ends, so a reset also counts as refused if the server is still up.
 */
async function refusedUpload(expected: number, send: () => Promise<{ status: number; body: string }>) {
  try {
    const answer = await send()
    expect(answer.status, answer.body.slice(0, 200)).toBe(expected)
    return answer
  } catch (error) {
    // fetch reports it as a TypeError with a cause, Playwright's request as 'write EPIPE'.
    const reason = String((error as { cause?: unknown }).cause ?? error)
    if (!/ECONNRESET|EPIPE|other side closed/.test(reason)) throw error
    expect((await fetch(`${server.url}/api/health/ready`)).status, 'the server is still up').toBe(200)
    return { status: 413, body: 'the server closed the connection before the upload ended' }
  }
}

/** Routes that end the caller's session, so they are called as a visitor only. */
const endsSession = new Set<AuthRoute>(['/sign-out', '/revoke-sessions', '/delete-user'])

/**
 * A valid value for each /api/auth body field, which the tests make hostile one at a time. A
 * missing field fails the test that needs it.
 */
const validFields: Record<string, unknown> = {
  email: 'hostile@example.com',
  newEmail: 'hostile-new@example.com',
  type: 'sign-in',
  otp: '123456',
  // The e-mailed code on /delete-user; the session's on /revoke-session.
  token: '123456',
  name: 'Hostile Input',
  callbackURL: '/app',
  errorCallbackURL: '/login/error',
  newUserCallbackURL: '/app',
  provider: 'github',
  disableRedirect: true,
  idToken: { token: 'hostile' },
  id: 'hostile-id',
  userId: 'hostile-id',
  accountId: 'hostile-id',
  sessionToken: 'hostile-token',
  useAccountCookie: true,
  role: 'user',
  permission: { book: ['read'] },
  permissions: { book: ['read'] },
  // A passkey's answer, as the browser sends it.
  response: { id: 'hostile' },
  createSession: false,
  data: { name: 'Hostile Input' },
  emailVerified: true,
  banned: false,
  rawId: 'hostile',
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
  nonce: 'hostile',
  accessToken: 'hostile',
  refreshToken: 'hostile',
  expiresAt: 60,
  banReason: 'Hostile',
  banExpiresIn: 60,
  code: 'hostile',
  state: 'hostile',
  error: 'hostile',
  error_description: 'hostile',
  device_id: 'hostile',
  user: 'hostile',
  iss: 'hostile',
}

/** A text field's maximum length from its schema, looking through optional and pipe wrappers. */
function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  const { def, bag } = schema._zod as unknown as {
    def: { innerType?: unknown; in?: unknown; out?: unknown }
    bag: { maximum?: unknown }
  }
  if (typeof bag.maximum === 'number') return bag.maximum
  for (const inner of [def.innerType, def.in, def.out])
    if (inner) {
      const max = maxLengthOf(inner as z.core.$ZodType)
      if (max !== undefined) return max
    }
  return undefined
}

/** Pads `value` to `length` characters: an address before its @, digits with zeros. */
function lengthened(value: string, length: number) {
  const padding = (/^\d+$/.test(value) ? '0' : 'a').repeat(Math.max(0, length - value.length))
  return value.includes('@') ? padding + value : value + padding
}

/** A length beyond any field's limit, for fields whose schema states none. */
const beyondAnyLimit = limits.passkeyData

/**
 * Bad values for one field: one character too long, with a NUL byte, and of the wrong type. The
 * longest valid value is checked to pass first, so the refusal is surely about length.
 */
function hostileFieldValues(field: string, schema: z.core.$ZodType): Array<[string, unknown]> {
  const valid = validFields[field]
  if (valid === undefined) throw new Error(`no valid value of ${field} to start from`)
  if (typeof valid !== 'string')
    return [
      ['text', 'hostile'],
      ['a NUL byte', '\u0000'],
      ['an array', ['hostile']],
    ]
  const max = maxLengthOf(schema)
  if (max !== undefined)
    expect(z.safeParse(schema, lengthened(valid, max)).success, `${field} of ${max} characters`).toBe(true)
  return [
    [`${(max ?? beyondAnyLimit) + 1} characters`, lengthened(valid, (max ?? beyondAnyLimit) + 1)],
    ['a NUL byte', `${valid.slice(0, 1)}\u0000${valid.slice(1)}`],
    ['a number', 42],
  ]
}

/** The fields of an object schema, looking through optional and nullable, or undefined. */
function shapeOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  const { def } = schema._zod as {
    def: { shape?: Record<string, z.core.$ZodType>; innerType?: z.core.$ZodType }
  }
  return def.shape ?? (def.innerType && shapeOf(def.innerType))
}

/** The fields of `shape` a body must have, with valid values. */
const requiredOf = (shape: Record<string, z.core.$ZodType>) =>
  Object.fromEntries(
    Object.keys(shape)
      .filter((field) => !z.safeParse(shape[field]!, undefined).success)
      .map((field) => [field, validFields[field]]),
  )

/**
 * Bodies that are valid except for one field (or one nested field), each with the top-level field
 * the refusal should name.
 */
function bodiesWithOneBadField(shape: Record<string, z.core.$ZodType>) {
  const base = requiredOf(shape)
  return Object.entries(shape).flatMap(([field, fieldSchema]) => {
    const own = hostileFieldValues(field, fieldSchema).map(([label, value]) => ({
      label: `${field} as ${label}`,
      body: { ...base, [field]: value },
      field,
    }))
    const inner = shapeOf(fieldSchema)
    if (!inner) return own
    const innerBase = { ...requiredOf(inner), ...(validFields[field] as object) }
    return [
      ...own,
      ...Object.entries(inner).flatMap(([innerField, innerSchema]) =>
        hostileFieldValues(innerField, innerSchema).map(([label, value]) => ({
          label: `${field}.${innerField} as ${label}`,
          body: { ...base, [field]: { ...innerBase, [innerField]: value } },
          field,
        })),
      ),
    ]
  })
}

/** Every page whose address holds an id, with `id` in its place. */
const detailPages = (id: string) =>
  readdirSync('src/routes', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.includes('$id') && file.endsWith('.tsx'))
    .map((file) => `/${file}`.replace(/(\/index)?\.tsx$/, '').replace('$id', id))

const validBook = { title: 'Hostile', author: 'Hostile', genreId: 'hostile-id' }

/**
 * For each server function that takes an id: the function, the id's field, and an input that is
 * valid but for that field, which holds `id`.
 */
const inputsWithId = (id: string): Array<[ServerFunctionId, string, unknown]> => [
  ['book--getBookById', 'id', { id }],
  ['book--putBook', 'id', { id, book: validBook }],
  ['book--removeBook', 'id', { id }],
  ['book--postBook', 'genreId', { ...validBook, genreId: id }],
  ['user--getUserById', 'id', { id }],
  ['user--getUserSessions', 'id', { id }],
  ['user--putUser', 'id', { id, user: { name: 'Hostile', email: 'hostile@example.com', role: 'user' } }],
  ['user--deleteUser', 'id', { id }],
  ['user--postBan', 'id', { id, reason: 'Hostile' }],
  ['user--deleteBan', 'id', { id }],
  ['user--revokeSession', 'id', { id, sessionId: 'hostile-id' }],
  ['user--revokeSession', 'sessionId', { id: 'hostile-id', sessionId: id }],
  ['user--revokeSessions', 'id', { id }],
  ['account--revokeMySession', 'sessionId', { sessionId: id }],
]

/**
 * For server functions that take text: the function, the field named when its text is refused,
 * and an input carrying `text` there (the others valid, or naming nothing that exists).
 */
const inputsWithText = (text: string): Array<[ServerFunctionId, string, unknown]> => [
  ['book--getBooks', 'searchTerm', { searchTerm: text }],
  ['genre--getGenres', 'searchTerm', { searchTerm: text }],
  ['user--getUsers', 'searchTerm', { searchTerm: text }],
  ['book--postBook', 'title', { ...validBook, title: text }],
  ['book--postBook', 'author', { ...validBook, author: text }],
  ['book--putBook', 'book', { id: 'hostile-id', book: { ...validBook, title: text } }],
  ['genre--postGenre', 'name', { name: text }],
  [
    'user--putUser',
    'user',
    { id: 'hostile-id', user: { name: text, email: 'hostile@example.com', role: 'user' } },
  ],
  ['user--postBan', 'reason', { id: 'hostile-id', reason: text }],
  ['account--putName', 'name', { name: text }],
]

test.describe('hostile input', () => {
  test.slow()
  // In order, in one worker, so the file's server starts once; one test a function or route, so
  // each has its own time.
  test.describe.configure({ mode: 'default' })

  for (const [id, { method }] of Object.entries(serverFunctions))
    test(`${id}, with hostile data, as a visitor and as an admin`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileValue, async (data) => {
          for (const [who, { request }] of Object.entries(callers))
            await expectHarmless(`${id} as ${who} with ${shown(data)}`, async () =>
              fromPlaywright(await callServerFn(request, id, method, data, server.url)),
            )
        }),
        // Three calls a run, for every function: the file's share of the suite's time.
        { numRuns: 15 },
      )
    })

  for (const [id, { method }] of Object.entries(serverFunctions))
    test(`${id}, with bodies that are not payloads${method === 'POST' ? ' and an oversized one' : ''}`, async () => {
      const { request } = callers.admin
      const url = `${server.url}${appConfig.serverFnBase}/${id}`
      const headers = serverFnPostHeaders(server.url)
      const send = (body: string) =>
        method === 'GET'
          ? request.get(`${url}?payload=${encodeURIComponent(body)}`, { headers })
          : request.post(url, { headers, data: body })
      await fc.assert(
        fc.asyncProperty(hostileRawBody, async (body) => {
          await expectHarmless(`${id} with ${shown(body)}`, async () => fromPlaywright(await send(body)))
        }),
        { numRuns: 10 },
      )
      if (method === 'POST')
        await expectHarmless(`${id} with 5 MB`, () =>
          refusedUpload(413, async () => fromPlaywright(await send(oversizedBody))),
        )
    })

  test('every upload route, with hostile ids and bodies and an oversized one, as a visitor and as an admin', async () => {
    const headers = { origin: server.url, 'sec-fetch-site': 'same-origin' }
    for (const target of Object.keys(uploadTargets) as UploadTarget[]) {
      await fc.assert(
        fc.asyncProperty(hostileString, hostileRawBody, async (id, body) => {
          for (const [who, { request }] of Object.entries(callers))
            for (const method of ['PUT', 'DELETE'] as const)
              await expectHarmless(
                `${method} ${target} as ${who} with ${shown(id)}: ${shown(body)}`,
                async () =>
                  fromPlaywright(
                    // A URL cannot carry a lone surrogate: those become '?'.
                    await request.fetch(
                      `${server.url}${uploadUrl(target, id.replace(/[\uD800-\uDFFF]/g, '?') || 'none')}`,
                      {
                        method,
                        headers,
                        data: body,
                      },
                    ),
                  ),
              )
        }),
        { numRuns: 25 },
      )
      await expectHarmless(`${target} with 5 MB`, () =>
        refusedUpload(413, async () =>
          fromPlaywright(
            // One's own picture, or a book that does not exist: the caller may send it.
            await callers.admin.request.put(
              `${server.url}${uploadUrl(target, uploadTargets[target].own ? adminId : 'none')}`,
              {
                headers,
                data: oversizedBody,
              },
            ),
          ),
        ),
      )
    }
  })

  for (const [route, { methods }] of Object.entries(authRoutes) as [
    AuthRoute,
    (typeof authRoutes)[AuthRoute],
  ][])
    for (const method of methods)
      test(`${method} /api/auth${route}, with hostile bodies and queries, as a visitor and as an admin`, async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              hostileValue.map((body) => ({ body })),
              hostileRawBody.map((rawBody) => ({ rawBody })),
            ),
            async (input) => {
              for (const [who, { cookie }] of Object.entries(callers)) {
                if (who === 'admin' && endsSession.has(route)) continue
                await expectHarmless(`${method} ${route} as ${who} with ${shown(input)}`, async () =>
                  fromFetch(
                    await callAuthRoute(route.replace(':id', 'github'), { method, cookie, server, ...input }),
                  ),
                )
              }
            },
          ),
          { numRuns: 15 },
        )
      })

  test('every /api/auth route, with an oversized body', async () => {
    for (const [route, { methods, access }] of Object.entries(authRoutes))
      if ((methods as ReadonlyArray<string>).includes('POST'))
        await expectHarmless(`${route} with 5 MB`, () =>
          refusedUpload(access === 'off' ? 404 : 413, async () =>
            fromFetch(
              await callAuthRoute(route.replace(':id', 'github'), { rawBody: oversizedBody, server }),
            ),
          ),
        )
  })

  test('every field of every /api/auth body: too long, a NUL byte, a wrong type answer 400 naming it', async () => {
    for (const [route, schema] of Object.entries(authRouteBodies) as Array<
      [AuthBodyRoute, (typeof authRouteBodies)[AuthBodyRoute]]
    >) {
      const { cookie } = endsSession.has(route) ? callers.visitor : callers.admin
      const shape = schema.shape as Record<string, z.core.$ZodType>
      expect(z.safeParse(schema, requiredOf(shape)).success, `a valid body for ${route}`).toBe(true)
      const cases = [
        {
          label: 'an array for a body',
          body: ['hostile'] as unknown,
          field: undefined as string | undefined,
        },
        ...bodiesWithOneBadField(shape),
      ]
      for (const { label, body, field } of cases)
        await expectHarmless(`${route} with ${label}`, async () => {
          const answer = await fromFetch(
            await callAuthRoute(route.replace(':id', 'github'), { body, cookie, server }),
          )
          const { code, field: named } = JSON.parse(answer.body) as { code?: string; field?: string }
          // A soft check, so every case runs and every failure is reported.
          expect.soft({ route, label, status: answer.status, code, field: named }).toEqual({
            route,
            label,
            status: 400,
            code: 'VALIDATION_ERROR',
            field,
          })
          return answer
        })
    }
  })

  test('an unknown server function answers 404 with the security headers, by GET and POST', async () => {
    // Cut to 100 characters, so the address stays within what the HTTP server reads.
    const names = fc
      .sample(hostileString, { numRuns: 25, seed: 1 })
      .map((name) => name.slice(0, 100))
      .filter(Boolean)
    for (const name of [...unknownServerFunctions, ...names]) {
      // A URL cannot carry a lone surrogate: those become '?'.
      const segment = encodeURIComponent(name.replace(/[\uD800-\uDFFF]/g, '?'))
      for (const [who, { request }] of Object.entries(callers))
        for (const method of ['GET', 'POST'] as const) {
          const response = await callServerFn(request, segment, method, {}, server.url)
          expect
            .soft({
              name,
              who,
              method,
              status: response.status(),
              sniff: response.headers()['x-content-type-options'],
            })
            .toEqual({ name, who, method, status: 404, sniff: 'nosniff' })
        }
    }
  })

  test('a page whose address holds an invalid id answers 400 or 404', async () => {
    const { request } = callers.admin
    expect(detailPages('x').length).toBeGreaterThan(3)
    for (const id of invalidIdsInAddresses)
      for (const path of detailPages(id)) {
        const response = await request.get(`${server.url}${path}`, { maxRedirects: 0 })
        expect.soft({ path, status: [400, 404].includes(response.status()) }).toEqual({ path, status: true })
      }
  })

  test('a server function given an id or a text with a NUL byte answers 400 naming it', async () => {
    const { request } = callers.admin
    // The same inputs with a plain id pass validation, so the refusal is about the NUL byte.
    for (const [id, field, input] of inputsWithId('hostile-id')) {
      const response = await callServerFn(request, id, serverFunctions[id].method, input, server.url)
      expect.soft({ id, field, status: response.status() }).not.toEqual({ id, field, status: 400 })
    }
    for (const [id, field, input] of [...inputsWithId(idWithNul), ...inputsWithText('hostile\u0000text')])
      await expectHarmless(`${id} with a NUL byte in ${field}`, async () => {
        const answer = await fromPlaywright(
          await callServerFn(request, id, serverFunctions[id].method, input, server.url),
        )
        const { status, body } = answer
        expect.soft({ id, field, status, named: body.includes(`"${field}"`) }).toEqual({
          id,
          field,
          status: 400,
          named: true,
        })
        return answer
      })
  })
})
