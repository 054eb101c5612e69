import { describe, expect, it } from 'vitest'

import { callAuth } from '~/test/auth-helpers'

import { createAuth } from './auth'
import { db } from './database'
import { parseEnv } from './env'

describe('passkeys', () => {
  it('belong to the site at BASE_URL: its host is the relying party, its origin the only one', async () => {
    const instance = createAuth(
      await db(),
      parseEnv({ ...process.env, BASE_URL: 'https://books.example.org' }),
    )
    const response = await callAuth('/passkey/generate-authenticate-options', undefined, { instance })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { rpId?: string }).rpId).toBe('books.example.org')
    const plugin = instance.options.plugins.find((entry) => entry.id === 'passkey') as
      { options?: { origin?: string; rpID?: string } } | undefined
    expect(plugin?.options).toMatchObject({ rpID: 'books.example.org', origin: 'https://books.example.org' })
  })
})
