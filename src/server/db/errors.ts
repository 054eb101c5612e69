import '@tanstack/react-start/server-only'

import { HttpError } from '~/lib/http-error'

/** Each named constraint, with the field and message it maps to. */
const violations: Record<string, { status: 404 | 409 | 422; field?: string; code: string }> = {
  book_title_author_unique: { status: 409, field: 'title', code: 'book.titleAuthorTaken' },
  genre_name_unique: { status: 409, field: 'name', code: 'genre.nameTaken' },
  user_email_unique: { status: 409, field: 'email', code: 'user.emailTaken' },
  book_genre_id_genre_id_fk: { status: 422, field: 'genreId', code: 'book.genreNotFound' },
  // A trigger keeps the last unbanned administrator from being demoted.
  user_last_admin: { status: 409, code: 'THE_LAST_ADMIN_MUST_STAY' },
  // pnpm new:entity adds each entity's constraints here.
}
const UNIQUE_VIOLATION = '23505'
const FOREIGN_KEY_VIOLATION = '23503'
const CHECK_VIOLATION = '23514'

interface DriverError {
  code?: string
  constraint?: string
  constraint_name?: string
  cause?: unknown
}

/** The driver's error inside drizzle's wrapper; `postgres` and PGlite name the constraint differently. */
function driverError(error: unknown): DriverError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as DriverError
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate
    current = candidate.cause
  }
  return undefined
}

/**
 * Turns database errors into answers: a unique violation or the last admin's demotion becomes a
 * 409 naming the field, a missing referenced row a 422 (or a 404 when it is the item addressed);
 * anything else is rethrown.
 */
export function translateDbError(error: unknown): never {
  const cause = driverError(error)
  if (cause?.code && [UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION, CHECK_VIOLATION].includes(cause.code)) {
    const known = violations[cause.constraint_name ?? cause.constraint ?? '']
    if (known) throw new HttpError(known.status, known.code, known.field)
  }
  throw error
}

/** Runs a write, translating what the database refuses. */
export async function withDbErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    return translateDbError(error)
  }
}

/** Error codes meaning the database is unreachable or just went away. */
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
])

/** Whether an error, or one it wraps, says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown }
    if (typeof code === 'string' && (unreachable.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true
    current = cause
  }
  return false
}
