import { z } from 'zod/mini'

/**
 * The longest text each kind of field takes, checked in the browser and again on the server. An
 * e-mail address is at most 254 characters, the standard's limit.
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
  /** An id or token Folio or better-auth made (32 characters; a UUID has 36). */
  id: 64,
  /** A URL a page sends (a picture, a return address): the longest all browsers keep. */
  url: 2048,
  /** A token an identity provider issues; an OpenID Connect ID token is a JWT of a few KB. */
  providerToken: 8192,
  /** A passkey's data from the browser, in base64url; an attestation may carry certificates. */
  passkeyData: 16_384,
  /** The longest ban in seconds: until the year 9999, the last a ban form can pick. */
  banSeconds: 10_000 * 365 * 24 * 60 * 60,
} as const

/** At most `max` characters, with a message such as 'At most 300 characters'. */
export const maxChars = (max: number) => z.maxLength(max, { error: 'common:validation.tooLong' })

/** No control character (NUL, line breaks, escapes): PostgreSQL refuses NUL in text. */
export const noControlCharacters = z.regex(/^\P{Cc}*$/u)

/** An id Folio or better-auth made, as a server function or route takes it. */
export const zId = z.string().check(z.minLength(1), z.maxLength(limits.id), noControlCharacters)
