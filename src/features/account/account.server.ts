import '@tanstack/react-start/server-only'
import { getAuthenticatorName } from '@better-auth/passkey'
import { asc, eq } from 'drizzle-orm'

import { appConfig } from '@/app.config'
import { getUser, listUserSessions, sessionTokenOf } from '~/features/user/user.server'
import { callAuthApi } from '~/server/auth-errors'
import { db } from '~/server/database'
import { schema } from '~/server/db'

const { account, passkey } = schema

/** Ends one of the caller's own sessions (better-auth's `/revoke-session`): that device is signed out. */
export async function revokeOwnSession(headers: Headers, userId: string, sessionId: string) {
  const token = await sessionTokenOf(userId, sessionId)
  await callAuthApi((api) => api.revokeSession({ headers, body: { token } }))
  return { id: sessionId }
}

/** A person's passkeys, oldest first: names and kinds, never a key. */
export async function listPasskeys(userId: string) {
  const rows = await (
    await db()
  )
    .select({
      id: passkey.id,
      name: passkey.name,
      aaguid: passkey.aaguid,
      deviceType: passkey.deviceType,
      backedUp: passkey.backedUp,
      transports: passkey.transports,
      createdAt: passkey.createdAt,
    })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt))
  return rows.map(({ aaguid, ...row }) => ({ ...row, authenticator: getAuthenticatorName(aaguid) ?? null }))
}

/**
 * Everything Folio keeps about a person, to take with them: their record, their sessions (a token
 * shortened to tell them apart), how they sign in and their passkeys; never a token, a key or a
 * secret of any of them.
 */
export async function exportAccount(userId: string, currentSessionId: string) {
  const database = await db()
  const [user, sessions, accounts, passkeys] = await Promise.all([
    getUser(userId),
    listUserSessions(userId, currentSessionId),
    database
      .select({
        provider: account.providerId,
        accountId: account.accountId,
        scope: account.scope,
        createdAt: account.createdAt,
        updatedAt: account.updatedAt,
      })
      .from(account)
      .where(eq(account.userId, userId)),
    listPasskeys(userId),
  ])
  return {
    product: appConfig.productName,
    exportedAt: new Date().toISOString(),
    user,
    sessions,
    signInMethods: accounts,
    passkeys,
  }
}
