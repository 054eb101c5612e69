import { emailOTPClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'
import { describe, expect, it, vi } from 'vitest'

import { auth } from '~/server/auth'
import { handleAuthRequest } from '~/server/auth-handler'
import { mailboxForTests, signedIn } from '~/test/auth-helpers'

import { onSessionChange } from './session-sync'

const mailbox = mailboxForTests()

describe('the session in the UI follows every change better-auth makes', () => {
  it('refreshes after update-user and sign-out', async () => {
    const visitor = await signedIn(mailbox)
    // better-auth's real client, talking to the real handler in this process with the cookie.
    const client = createAuthClient({
      baseURL: 'http://localhost:3000',
      plugins: [emailOTPClient()],
      fetchOptions: {
        headers: { cookie: visitor.cookie, origin: 'http://localhost:3000' },
        customFetchImpl: async (input, init) =>
          handleAuthRequest(await auth(), new Request(input, init), { captcha: false }),
      },
    })
    const refresh = vi.fn()
    const stop = onSessionChange(client, refresh)

    await client.updateUser({ name: 'Renamed' })
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled())

    // Once unsubscribed it hears nothing, while a listener still subscribed does, proving the signal fired.
    stop()
    const afterStop = refresh.mock.calls.length
    const listening = vi.fn()
    const stopListening = onSessionChange(client, listening)
    const unheard = await client.updateUser({ name: 'Unheard' })
    expect(unheard.error).toBeNull()
    await vi.waitFor(() => expect(listening).toHaveBeenCalled())
    expect(refresh.mock.calls.length).toBe(afterStop)

    const afterUpdate = listening.mock.calls.length
    await client.signOut()
    await vi.waitFor(() => expect(listening.mock.calls.length).toBeGreaterThan(afterUpdate))
    stopListening()
  })
})
