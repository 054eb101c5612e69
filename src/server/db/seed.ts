import '@tanstack/react-start/server-only'
import { randomBytes } from 'node:crypto'

import { inArray } from 'drizzle-orm'

import { appConfig } from '@/app.config'

import type { Db } from '.'
import { book, genre, session, user } from './schema'
import {
  banReasons,
  documentationNetworks,
  firstNames,
  lastNames,
  namedPeople,
  peopleDomain,
  seedBooks,
  seedGenres,
  seedUsers,
  userAgents,
} from './seed-data'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** How many people the back office shows besides the two demo accounts, and of what kinds. */
const PEOPLE = 98
const ADMINS = 4
const BANNED = 6
const INVITED = 8
const LIVE = 12
/** How far back the sign-in history goes; sessions last as long as by default. */
const HISTORY_DAYS = 90
const IDLE = appConfig.auth.defaultSessionIdleMinutes * MINUTE
const MAX_AGE = appConfig.auth.defaultSessionMaxAgeMinutes * MINUTE

/**
 * Numbers in [0, 1) drawn from a fixed seed (mulberry32), so every run makes the same data; each
 * part of the data has its own seed, so adding books does not change the people.
 */
function randomFrom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join('')
  // Shaped like a random UUID, as ids made elsewhere are.
  const id = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`
  const shuffled = <T>(items: readonly T[]) => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
    }
    return copy
  }
  return { next, int, pick, id, shuffled }
}

/** The part of an e-mail address a name gives: lower-case Latin letters, dots between words. */
const localPart = (...names: string[]) =>
  names
    .map((name) =>
      name
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ''),
    )
    .join('.')

type UserRow = typeof user.$inferInsert
type SessionRow = Omit<typeof session.$inferInsert, 'token'>

/**
 * The demo's people and their sign-ins, the same on every run for a given `now`: mostly users, a
 * few administrators, a handful banned (some until a day), some invited who never signed in, people
 * who joined over the last year, and 90 days of sign-ins from several devices, of which only the
 * latest of a few people are still live.
 */
export function demoPeople(now: Date) {
  const at = now.getTime()
  const random = randomFrom(0xf0110)
  // Each person a first name of their own, so no two share a name or an address.
  const people: Array<{ name: string; local: string }> = [
    ...namedPeople,
    ...random
      .shuffled(firstNames)
      .slice(0, PEOPLE - namedPeople.length)
      .map((first) => {
        const last = random.pick(lastNames)
        return { name: `${first} ${last}`, local: localPart(first, last) }
      }),
  ]
  // Who is what, in a shuffled order.
  const kinds = random.shuffled(
    (
      [
        ['admin', ADMINS],
        ['banned', BANNED],
        ['invited', INVITED],
        ['live', LIVE],
        ['user', PEOPLE - ADMINS - BANNED - INVITED - LIVE],
      ] as const
    ).flatMap(([kind, count]) => Array<typeof kind>(count).fill(kind)),
  )

  const users: UserRow[] = []
  const sessions: SessionRow[] = []
  people.forEach((person, index) => {
    const kind = kinds[index] ?? 'user'
    const id = random.id()
    // Invitations are recent; the others joined over the last year, more of them lately.
    const createdAt = new Date(
      kind === 'invited'
        ? at - random.int(1, 30) * DAY - random.int(0, 23) * HOUR
        : at - (2 + 360 * random.next() ** 1.4) * DAY,
    )
    const onboarded = kind !== 'invited'
    const banned = kind === 'banned'
    // Half the bans end on a day (its end, UTC, as the ban dialog sets them); the others last.
    const banEnds = banned && random.next() < 0.5
    users.push({
      id,
      name: person.name,
      email: `${person.local}@${peopleDomain}`,
      emailVerified: onboarded,
      role: kind === 'admin' ? 'admin' : 'user',
      banned,
      banReason: banned ? random.pick(banReasons) : null,
      banExpires: banEnds ? new Date(Math.ceil((at + random.int(3, 60) * DAY) / DAY) * DAY - 1) : null,
      onboardedAt: onboarded ? new Date(createdAt.getTime() + random.int(1, 20) * MINUTE) : null,
      createdAt,
      updatedAt: createdAt,
    })
    if (onboarded) sessions.push(...signIns(random, { userId: id, createdAt, live: kind === 'live' }, at))
  })
  return { users, sessions }
}

/**
 * One person's sign-ins over the history: at their own pace, from one or two devices and a few
 * addresses, each session active for a while. Only a live person's latest session is still live;
 * every other one has expired.
 */
function signIns(
  random: ReturnType<typeof randomFrom>,
  person: { userId: string; createdAt: Date; live: boolean },
  at: number,
): SessionRow[] {
  const devices = Array.from({ length: random.int(1, 2) }, () => random.pick(userAgents))
  const addresses = Array.from(
    { length: random.int(1, 3) },
    () => `${random.pick(documentationNetworks)}.${random.int(1, 254)}`,
  )
  // Sign-ins a day, on average: from most days to once a month.
  const pace = random.pick([0.5, 0.25, 0.1, 0.05, 0.03])
  const from = Math.max(person.createdAt.getTime(), at - HISTORY_DAYS * DAY)
  // Some people stopped coming a while ago; a live one comes until today.
  const until = !person.live && random.next() < 0.2 ? at - random.int(10, 60) * DAY : at - HOUR
  const times: number[] = []
  for (let time = from + gap(random, pace); time < until; time += gap(random, pace)) times.push(time)
  if (times.length === 0) times.push(from + random.next() * Math.max(until - from, HOUR))
  // A live person's latest sign-in is within the last two days.
  if (person.live) times[times.length - 1] = Math.max(times.at(-1)!, at - random.int(1, 48) * HOUR)
  return times.map((time, index) => {
    const latest = index === times.length - 1
    // Active from a few minutes to a few days, never past the present.
    const active = random.next() < 0.8 ? random.int(2, 240) * MINUTE : random.int(1, 72) * HOUR
    const updatedAt = Math.min(time + active, at - random.int(1, 30) * MINUTE)
    const expires = Math.min(updatedAt + IDLE, time + MAX_AGE)
    return {
      id: random.id(),
      userId: person.userId,
      userAgent: random.pick(devices),
      ipAddress: random.pick(addresses),
      createdAt: new Date(time),
      updatedAt: new Date(Math.max(updatedAt, time)),
      // A session whose time was not up was ended (signed out) at its last request.
      expiresAt: new Date(person.live && latest ? expires : expires < at ? expires : updatedAt),
    }
  })
}

/** The time to the next sign-in at a pace (sign-ins a day), as a Poisson process draws it, in milliseconds. */
const gap = (random: ReturnType<typeof randomFrom>, pace: number) =>
  (-Math.log(1 - random.next()) / pace) * DAY

/** The genres and the books, added over the last year, the same on every run for a given `now`. */
function demoCatalogue(now: Date) {
  const at = now.getTime()
  const genreIds = randomFrom(0x6e4e)
  const genres = seedGenres.map(({ key, name }) => {
    const createdAt = new Date(at - 366 * DAY)
    return { id: genreIds.id(), key, name, createdAt, updatedAt: createdAt }
  })
  const random = randomFrom(0xb00c)
  const books = seedBooks.map(({ genre: genreName, ...rest }) => {
    const createdAt = new Date(at - (1 + 364 * random.next()) * DAY)
    return { id: random.id(), ...rest, genreName, createdAt, updatedAt: createdAt }
  })
  return { genres, books }
}

/**
 * Adds the demo data, the same on every run for a given `now`; only session tokens are random (a
 * CSPRNG's), as a token is a secret. Safe to run again: rows that already exist, by their unique
 * keys, are left alone. Each table is written in one statement.
 */
export async function seed(db: Db, { now = new Date() }: { now?: Date } = {}) {
  const accountIds = randomFrom(0xacc)
  const accounts = seedUsers.map((account) => ({
    id: accountIds.id(),
    ...account,
    emailVerified: true,
    onboardedAt: now,
    createdAt: now,
    updatedAt: now,
  }))
  const people = demoPeople(now)
  const catalogue = demoCatalogue(now)
  await db
    .insert(user)
    .values([...accounts, ...people.users])
    .onConflictDoNothing()
  await db.insert(genre).values(catalogue.genres).onConflictDoNothing()
  // By name, since a genre of that name may have been there before this run.
  const genres = await db.select({ id: genre.id, name: genre.name }).from(genre)
  const genreIdByName = new Map(genres.map((g) => [g.name, g.id]))
  await db
    .insert(book)
    .values(
      catalogue.books.flatMap(({ genreName, ...rest }) => {
        const genreId = genreIdByName.get(genreName)
        return genreId ? [{ ...rest, genreId }] : []
      }),
    )
    .onConflictDoNothing()
  // Sign-ins only of the people whose rows are there: an address already taken keeps its own person.
  const present = await db
    .select({ id: user.id })
    .from(user)
    .where(
      inArray(
        user.id,
        people.users.map((u) => u.id),
      ),
    )
  const ids = new Set(present.map((row) => row.id))
  const sessions = people.sessions.filter((s) => ids.has(s.userId))
  if (sessions.length > 0)
    await db
      .insert(session)
      .values(sessions.map((s) => ({ ...s, token: randomBytes(24).toString('base64url') })))
      .onConflictDoNothing()
}

export async function isEmpty(db: Db) {
  const rows = await db.select({ id: user.id }).from(user).limit(1)
  return rows.length === 0
}
