import { describe, expect, it } from 'vitest'

import { auth } from '~/server/auth'
import { callAuth } from '~/test/auth-helpers'

import { type OpenApiDocument, toApiReference } from './api-reference'

describe('the API reference', () => {
  it('documents every /api/auth operation of better-auth’s schema, grouped, with bodies and models', async () => {
    const document: OpenApiDocument = await (await auth()).api.generateOpenAPISchema()
    const reference = toApiReference(document)
    const operations = reference.groups.flatMap((group) => group.operations)
    const documented = Object.values(document.paths).flatMap((path) => Object.keys(path))
    expect(operations).toHaveLength(documented.length)
    expect(reference.baseUrl).toMatch(/\/api\/auth$/)
    expect(reference.groups.map((group) => group.name)).toEqual(
      expect.arrayContaining(['Default', 'Email-otp', 'Admin']),
    )

    const change = operations.find((operation) => operation.path === '/email-otp/request-email-change')
    expect(change).toMatchObject({ method: 'POST', result: { type: 'object' } })
    expect(change?.body?.fields).toContainEqual({
      name: 'newEmail',
      required: true,
      schema: { type: 'string', description: 'New email address to send the OTP' },
    })
    expect(change?.statuses.map((status) => status.status)).toEqual(
      expect.arrayContaining(['200', '400', '401']),
    )

    const session = operations.find((operation) => operation.path === '/get-session')
    expect(session?.result?.fields?.find((field) => field.name === 'user')?.schema.model).toBe('User')
    const user = reference.models.find((model) => model.name === 'User')
    expect(user?.schema.fields?.map((field) => field.name)).toEqual(expect.arrayContaining(['email', 'role']))
    // Much smaller than the document, because errors are described once, not on every operation.
    expect(JSON.stringify(reference).length).toBeLessThan(JSON.stringify(document).length / 2)
  })

  it('is not served by /api/auth itself, in any spelling of the path', async () => {
    for (const path of [
      '/open-api/generate-schema',
      '//open-api/generate-schema',
      '/Open-API/generate-schema',
    ])
      expect((await callAuth(path)).status).toBe(404)
  })
})
