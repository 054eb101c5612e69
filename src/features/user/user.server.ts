import '@tanstack/react-start/server-only'
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'

import { appConfig, type Role } from '@/app.config'
import { roleNames } from '~/features/auth/permissions'
import { HttpError } from '~/lib/http-error'
import { imageKey, mediaUrl, userPicture } from '~/lib/images'
import { callAuthApi } from '~/server/auth-errors'
import { db } from '~/server/database'
import { type Db, schema, type Tx } from '~/server/db'
import { fastSearch } from '~/server/db/fast-search'

import { deviceOf } from './device'
import { seenWithin, type userList, type zBanInput, type zUserInput } from './schema'

const { user, session } = schema

/**
 * The user's id, named with its table even in a select list, where drizzle writes a lone table's
 * columns unqualified (there, a bare "id" inside a subquery of sessions would be the session's).
 */
const userId = sql`${user}.${sql.identifier(user.id.name)}`

/**
 * When a person last used Folio: the last request of their latest session, live or over (an
 * administrator acting as them is not them). One subquery per row shown, on the session table's
 * user index, in the same query as the rows.
 */
const lastSeen = sql<Date | null>`(select max(${session.updatedAt}) from ${session}
  where ${session.userId} = ${userId} and ${session.impersonatedBy} is null)`.mapWith(session.updatedAt)

const userColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  image: user.image,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
  onboardedAt: user.onboardedAt,
  createdAt: user.createdAt,
  lastSeen,
}

/** What a list or a page shows of a user. */
const userRows = (database: Db | Tx) => database.select(userColumns).from(user).$dynamic()

/**
 * Users sorted by name or when they joined (id breaks ties), filtered by role, status and when last
 * seen, searched over name and e-mail. No index holds that text: a scan, quick at the thousands
 * of users an admin pages through; past that, a stored column under a trigram index as books have.
 */
const users = fastSearch({
  table: user,
  sorts: { name: user.name, createdAt: user.createdAt },
  filters: {
    role: (role) => sql`${role} = any(string_to_array(${user.role}, ','))`,
    status: (status) => eq(user.banned, status === 'banned'),
    // Seen within so many days, as the list's last-seen column says.
    seen: (within) =>
      sql`${lastSeen} > now() - make_interval(days => ${seenWithin[within as keyof typeof seenWithin]})`,
  },
  text: sql`lower(${user.name} || ' ' || ${user.email})`,
  rows: userRows,
})

export async function listUsers(
  input: z.output<typeof userList.input>,
  pageSize: number = appConfig.pageSizes.users,
) {
  return users.page(await db(), input, pageSize)
}

export async function getUser(id: string) {
  const [found] = await userRows(await db()).where(eq(user.id, id))
  if (!found) throw new HttpError(404, 'USER_NOT_FOUND')
  return found
}

/** Enough of a token to tell sessions apart, never enough to use one. */
export const shortenToken = (token: string) => `${token.slice(0, 4)}…${token.slice(-4)}`

/** A user's live sessions, newest activity first; tokens never leave the server whole. */
export async function listUserSessions(userId: string, currentSessionId: string) {
  const rows = await (
    await db()
  )
    .select({
      id: session.id,
      token: session.token,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      impersonatedBy: session.impersonatedBy,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
  return rows.map(({ token, ...row }) => ({
    ...row,
    device: deviceOf(row.userAgent),
    token: shortenToken(token),
    current: row.id === currentSessionId,
  }))
}

type UserValues = z.output<typeof zUserInput>

/** A role field as better-auth's admin endpoints take it: every role named, each checked to exist. */
const rolesOf = (role: string) => roleNames(role) as Role[]

export async function createUser(headers: Headers, input: UserValues) {
  const { user: created } = await callAuthApi((api) =>
    api.createUser({ headers, body: { email: input.email, name: input.name, role: rolesOf(input.role) } }),
  )
  return { id: created.id }
}

/** Saves name, e-mail and role; only what changed is sent, so an admin may edit their own name. */
export async function updateUser(headers: Headers, id: string, input: UserValues) {
  const current = await getUser(id)
  const email = input.email.toLowerCase()
  const data = {
    name: input.name,
    ...(email !== current.email && { email, emailVerified: false }),
    ...(input.role !== current.role && { role: rolesOf(input.role) }),
  }
  await callAuthApi((api) => api.adminUpdateUser({ headers, body: { userId: id, data } }))
  return { id }
}

/** The width of a picture kept as `user.image`: enough for the largest avatar on a sharp screen. */
const PICTURE_WIDTH = 128

/**
 * Records a person's uploaded picture as their `image` (its address at one width), or none, and
 * returns the content hash of the uploaded picture it replaced (none if it held no picture of theirs).
 */
/** The recorded picture of each of these people who has one, by user id. */
export async function userPictures(ids: ReadonlyArray<string>): Promise<Map<string, string>> {
  const rows = ids.length
    ? await (
        await db()
      )
        .select({ id: user.id, image: user.image })
        .from(user)
        .where(inArray(user.id, [...ids]))
    : []
  return new Map(
    rows.flatMap((row) => {
      const picture = userPicture(row)
      return picture ? [[row.id, picture.hash] as const] : []
    }),
  )
}

export async function setUserPicture(id: string, hash: string | null): Promise<string | null> {
  const owner = `user/${id}`
  return (await db()).transaction(async (tx) => {
    const [current] = await tx.select({ image: user.image }).from(user).where(eq(user.id, id)).for('update')
    if (!current) throw new HttpError(404, 'USER_NOT_FOUND')
    const image = hash ? mediaUrl(imageKey({ owner, hash }, PICTURE_WIDTH)) : null
    await tx.update(user).set({ image }).where(eq(user.id, id))
    return userPicture({ id, image: current.image })?.hash ?? null
  })
}

export async function removeUser(headers: Headers, id: string) {
  await callAuthApi((api) => api.removeUser({ headers, body: { userId: id } }))
  return { id }
}

/** The end of the chosen day (UTC), or no end. */
const banSecondsUntil = (day: string | undefined) =>
  day ? Math.ceil((new Date(`${day}T23:59:59.999Z`).getTime() - Date.now()) / 1000) : undefined

export async function banUser(headers: Headers, input: z.output<typeof zBanInput>) {
  await callAuthApi((api) =>
    api.banUser({
      headers,
      body: { userId: input.id, banReason: input.reason, banExpiresIn: banSecondsUntil(input.until) },
    }),
  )
  return { id: input.id }
}

export async function unbanUser(headers: Headers, id: string) {
  await callAuthApi((api) => api.unbanUser({ headers, body: { userId: id } }))
  return { id }
}

/** The token of one of a user's sessions, which only the server ever reads whole. */
export async function sessionTokenOf(userId: string, sessionId: string) {
  const [found] = await (
    await db()
  )
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
  if (!found) throw new HttpError(404, 'SESSION_NOT_FOUND')
  return found.token
}

export async function revokeUserSession(headers: Headers, userId: string, sessionId: string) {
  const sessionToken = await sessionTokenOf(userId, sessionId)
  await callAuthApi((api) => api.revokeUserSession({ headers, body: { sessionToken } }))
  return { id: sessionId }
}

export async function revokeUserSessions(headers: Headers, userId: string) {
  await callAuthApi((api) => api.revokeUserSessions({ headers, body: { userId } }))
  return { id: userId }
}
