/**
 * Hostile input as fast-check generators: injections, odd characters, long text, wrong types and
 * shapes. They use Folio's real field names, so values get past the first check.
 */
import fc from 'fast-check'

export const attacks = [
  "' OR '1'='1",
  "'; DROP TABLE book; --",
  '" OR 1=1 --',
  '1; SELECT pg_sleep(5) --',
  `%' UNION SELECT email, id FROM "user" --`,
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '__proto__',
  '../../../../etc/passwd',
  '\u0000',
  '\r\nSet-Cookie: pwned=1',
  '\u202eevil\u202c',
  '𝕏🏴‍☠️👩🏽‍💻',
  '\ud800',
]

const fieldNames = [
  'id',
  'title',
  'author',
  'genreId',
  'publisher',
  'name',
  'email',
  'role',
  'reason',
  'until',
  'searchTerm',
  'cursor',
  'sessionId',
  'book',
  'user',
  'newEmail',
  'otp',
  'type',
  'userId',
  'data',
  'provider',
  'callbackURL',
  '__proto__',
  'constructor',
]

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))

export const hostileString = fc.oneof(
  fc.constantFrom(...attacks),
  fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...attacks)).map(([text, attack]) => text + attack),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: loneSurrogate, maxLength: 5 }),
  fc.integer({ min: 300, max: 20_000 }).map((length) => 'é'.repeat(length)),
)

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 8 })), tie('value'), {
      maxKeys: 6,
    }),
  ),
})).value

/** Bodies that are not what the server expects at all. */
export const hostileRawBody = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '"text"',
    '{"t":{"t":10,"i":0}}',
    '{"data":{"$ref":1}}',
    'x'.repeat(100),
  ),
  fc.string({ unit: 'binary', maxLength: 300 }),
)

/** Larger than any input Folio takes: five megabytes. */
export const oversizedBody = JSON.stringify({ data: { title: 'x'.repeat(5 * 1024 * 1024) } })

/** Server function names that do not exist: the prototype's among them, which a lookup in a plain object finds. */
export const unknownServerFunctions = ['nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty']

/** Ids no row has, as written in a page's address: control characters, too long, not UTF-8. */
export const invalidIdsInAddresses = ['%00', 'a%00b', '%0A', '%1B', '%7F', 'x'.repeat(65), '%FF', '%C0%80']

/** An id with a NUL byte inside, which PostgreSQL refuses in text. */
export const idWithNul = 'hostile\u0000id'
