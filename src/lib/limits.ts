import { z } from 'zod/mini'

/**
 * The longest text each kind of field takes, checked by the entity's schema in the browser and
 * again on the server. An e-mail address is at most 254 characters (RFC 5321's path limit).
 */
export const limits = {
  email: 254,
  name: 100,
  title: 300,
  author: 200,
  publisher: 200,
  genre: 100,
  banReason: 200,
  searchTerm: 100,
} as const

/** At most `max` characters, with the message that says so ('At most 300 characters'). */
export const maxChars = (max: number) => z.maxLength(max, { error: 'common:validation.tooLong' })
