import '@tanstack/react-start/server-only'
import { APIError, type BetterAuthOptions, type BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { generateRandomString } from 'better-auth/crypto'
import { and, eq, gt, like, ne, or, sql } from 'drizzle-orm'
import { createHash, timingSafeEqual } from 'node:crypto'

import { appConfig } from '@/app.config'
import { roleNames } from '~/features/auth/permissions'
import { type Db, schema } from '~/server/db'
import { sendCode } from '~/server/email'
import type { ServerEnv } from '~/server/env'
import { detectLanguage } from '~/server/i18n'
import { logger } from '~/server/logger'

export const DELETE_USER_PATH = '/delete-user'

const { user, verification, codeRequest } = schema

/** The code a person was sent to delete their account, kept (hashed) beside better-auth's token. */
interface PendingDeletion {
  codeHash: string
  /** better-auth's own deletion token, which never leaves the server. */
  token: string
  wrongTries: number
}

const identifierOf = (userId: string) => `delete-account-code-${userId}`
const hash = (code: string) => createHash('sha256').update(code.trim()).digest('hex')

function refuse(code: 'INVALID_OTP' | 'OTP_EXPIRED' | 'TOO_MANY_ATTEMPTS', message: string): never {
  throw new APIError('BAD_REQUEST', { code, message })
}

async function pendingOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(verification)
    .where(and(eq(verification.identifier, identifierOf(userId)), gt(verification.expiresAt, new Date())))
  return row ? { id: row.id, ...(JSON.parse(row.value) as PendingDeletion) } : undefined
}

async function isLastAdmin(db: Db, person: { id: string; role?: string | null; banned?: boolean | null }) {
  if (person.banned || !roleNames(person.role).includes('admin')) return false
  const [other] = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        ne(user.id, person.id),
        eq(user.banned, false),
        sql`'admin' = any (string_to_array(replace(${user.role}, ' ', ''), ','))`,
      ),
    )
    .limit(1)
  return !other
}

/**
 * Deleting one's own account (better-auth's `/delete-user`), proved by a code e-mailed to the
 * account's address, as signing in is: `POST /delete-user {}` sends the code; `POST /delete-user
 * { token: code }` deletes. better-auth makes a long token for an e-mailed link instead; Folio
 * keeps that token on the server beside a hash of the code, and swaps the code for it when the
 * code is right (the plugin's hook below), so better-auth's own deletion runs from there: the user,
 * their sessions, sign-in methods and passkeys go. Three wrong tries spend the code, as at sign-in.
 */
export function deleteUserOptions(
  db: Db,
  env: ServerEnv,
): NonNullable<BetterAuthOptions['user']>['deleteUser'] {
  return {
    enabled: true,
    deleteTokenExpiresIn: env.AUTH_CODE_EXPIRY_MINUTES * 60,
    async sendDeleteAccountVerification({ user: person, token }, request) {
      const code = generateRandomString(appConfig.auth.codeLength, '0-9')
      const value: PendingDeletion = { codeHash: hash(code), token, wrongTries: 0 }
      await db.delete(verification).where(eq(verification.identifier, identifierOf(person.id)))
      await db.insert(verification).values({
        id: generateRandomString(32),
        identifier: identifierOf(person.id),
        value: JSON.stringify(value),
        expiresAt: new Date(Date.now() + env.AUTH_CODE_EXPIRY_MINUTES * 60_000),
      })
      const lng = request ? detectLanguage(request) : appConfig.i18n.defaultLanguage
      await sendCode(env, { to: person.email, code, lng, purpose: 'delete-account' })
    },
    // The rule the manager keeps: the last administrator who is not banned stays (the database
    // refuses it too; this answers with the reason instead of a failed write).
    async beforeDelete(person) {
      if (await isLastAdmin(db, person))
        throw new APIError('CONFLICT', {
          code: 'THE_LAST_ADMIN_MUST_STAY',
          message: 'The last administrator cannot be demoted, banned or deleted',
        })
    },
    // What better-auth does not know is theirs: codes and requests kept under their address, and
    // unfinished passkey ceremonies that name them.
    async afterDelete(person) {
      await db
        .delete(verification)
        .where(
          or(
            like(verification.identifier, `%-otp-${person.email}`),
            eq(verification.identifier, identifierOf(person.id)),
            like(verification.value, `%"${person.id}"%`),
          ),
        )
      await db.delete(codeRequest).where(eq(codeRequest.email, person.email))
      logger.info('Account deleted', { userId: person.id })
    },
  }
}

/** The hook that turns a deletion code into better-auth's token, or refuses it. */
export function accountDeletionRules(db: Db): BetterAuthPlugin {
  return {
    id: 'folio-account-deletion',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === DELETE_USER_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { token?: unknown; password?: unknown }
            // Accounts have no password: a code is the only proof.
            if (body.password !== undefined) refuse('INVALID_OTP', 'Invalid code')
            if (body.token === undefined) return
            const session = await getSessionFromCtx(ctx)
            // Without a session the endpoint itself answers 401.
            if (!session) return
            const pending = await pendingOf(db, session.user.id)
            if (!pending) refuse('OTP_EXPIRED', 'The code has expired')
            const given = Buffer.from(hash(String(body.token)))
            if (!timingSafeEqual(given, Buffer.from(pending.codeHash))) {
              const wrongTries = pending.wrongTries + 1
              const { id, ...kept } = pending
              if (wrongTries >= appConfig.auth.codeAttempts) {
                await db.delete(verification).where(eq(verification.id, id))
                refuse('TOO_MANY_ATTEMPTS', 'Too many attempts')
              }
              await db
                .update(verification)
                .set({ value: JSON.stringify({ ...kept, wrongTries }) })
                .where(eq(verification.id, id))
              refuse('INVALID_OTP', 'Invalid code')
            }
            await db.delete(verification).where(eq(verification.id, pending.id))
            return { context: { body: { ...body, token: pending.token } } }
          }),
        },
      ],
    },
  }
}
