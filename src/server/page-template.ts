/**
 * A page as kept by the page cache (page-cache.ts): its bytes cut at each place a per-response
 * value stands, so that serving it is joining the pieces with this response's values. The values
 * are the CSP nonce and, in a signed-in page rendered for a stand-in reader, the reader's own
 * texts and dates (lib/reader-holes.ts).
 */
import '@tanstack/react-start/server-only'
import { randomBytes, randomInt } from 'node:crypto'

import { type Derivation, derivations, HOLE_END, HOLE_START } from '~/lib/reader-holes'

/** A signed-in visitor as better-auth reads them: their user and session records. */
export type Reader = { user: Record<string, unknown>; session: Record<string, unknown> }

/**
 * Unguessable (and never logged), so that no text someone writes (a book's title) can pass for a
 * mark: the marks' token, and the moment, somewhere in the year 2999, of the stand-in's dates
 * (each date field on its own millisecond after it).
 */
const TOKEN = randomBytes(6).toString('hex')
const STAND_IN_DATE = Date.UTC(2999, 0, 1) + randomInt(365 * 24 * 3600) * 1000
/** Every stand-in date as written, but its milliseconds. */
const STAND_IN_MOMENT = new Date(STAND_IN_DATE).toISOString().slice(0, 20)

/**
 * The reader's fields that become marks: texts that only name or identify them or their session,
 * written in the page as they are. Any other field (the role, what is set or not) is rendered as
 * it is and makes part of the cache key, so that a page is only ever shared by readers it looks
 * the same for (a field unknown here: by no one else).
 */
const TEXT_FIELDS = new Set([
  'user.id',
  'user.name',
  'user.email',
  'user.image',
  'session.id',
  'session.userId',
  'session.ipAddress',
  'session.userAgent',
])

/** A secret no page shows: the stand-in's is empty, never filled in, and no part of any key. */
const SECRET_FIELDS = new Set(['session.token'])

function* fieldsOf(reader: Reader): Generator<[path: string, value: unknown]> {
  for (const [record, fields] of Object.entries(reader) as Array<[string, Record<string, unknown>]>)
    for (const [name, value] of Object.entries(fields)) yield [`${record}.${name}`, value]
}

/** A text shown as it is, so one a page cannot trim or empty differently than its mark. */
const isMarked = (path: string, value: unknown): value is string =>
  TEXT_FIELDS.has(path) && typeof value === 'string' && value !== '' && value === value.trim()

/** What the stand-in cannot stand for: every field but the marked texts and the dates. */
export function readerShape(reader: Reader): string {
  const shape: Array<[string, unknown]> = []
  for (const [path, value] of fieldsOf(reader)) {
    if (SECRET_FIELDS.has(path)) continue
    shape.push([path, value instanceof Date ? 'date' : isMarked(path, value) ? 'text' : value])
  }
  return JSON.stringify(shape)
}

/**
 * The reader's texts and dates, under the names their marks carry: a text by its field, a date by
 * its place among the reader's dates (the same for every reader of one shape).
 */
export function readerValues(reader: Reader): Map<string, string> {
  const values = new Map<string, string>()
  let dates = 0
  for (const [path, value] of fieldsOf(reader)) {
    if (value instanceof Date) values.set(`date ${dates++}`, value.toISOString())
    else if (isMarked(path, value)) values.set(path, value)
  }
  return values
}

const standIns = new WeakMap<Reader, Reader>()

/** The reader with a mark for each text and a stand-in date for each date; else as they are. */
export function standInFor<R extends Reader>(reader: R): R {
  const known = standIns.get(reader)
  if (known) return known as R
  let dates = 0
  const standIn: Record<string, Record<string, unknown>> = {}
  for (const [record, fields] of Object.entries(reader) as Array<[string, Record<string, unknown>]>) {
    standIn[record] = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => {
        const path = `${record}.${name}`
        if (SECRET_FIELDS.has(path)) return [name, '']
        if (value instanceof Date) return [name, new Date(STAND_IN_DATE + dates++)]
        return [name, isMarked(path, value) ? `${HOLE_START}${TOKEN}:${path}${HOLE_END}` : value]
      }),
    )
  }
  standIns.set(reader, standIn as R)
  return standIn as R
}

type Hole = { nonce: true } | { path: string; how?: Derivation; inScript: boolean }

export type Template = { parts: Buffer[]; holes: Hole[] }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * Traces of a mark the page changed before writing it (cut, worked out from, escaped or encoded:
 * the token survives all but the first two), each with what to call it in the log.
 */
const STRAY: Array<[trace: string, name: string]> = [
  [HOLE_START, 'the start of a mark'],
  [HOLE_END, 'the end of a mark'],
  [TOKEN, 'an escaped or encoded mark'],
  [STAND_IN_MOMENT.slice(0, 19), 'a stand-in date written another way'],
]

/**
 * `page` cut at every place `nonce` stands and, for a page rendered for the stand-in of `reader`,
 * at every mark, each noted as standing in HTML (text or attribute, escaped as React escapes) or
 * in a script's string (as seroval escapes; a date as seroval writes a `Date`). A string saying
 * why (never quoting the page) when the page cannot be used so.
 */
export function templateOf(page: Buffer, nonce: string, reader?: Reader): Template | string {
  const html = page.toString()
  const own = reader && readerValues(reader)
  const marks = new RegExp(
    [
      escapeRegExp(nonce),
      ...(own
        ? [
            `${HOLE_START}${TOKEN}:([\\w.]+)(?:#(\\w+))?${HOLE_END}`,
            `${escapeRegExp(STAND_IN_MOMENT)}(\\d{3})Z`,
          ]
        : []),
    ].join('|'),
    'g',
  )
  const scripts: Array<[from: number, to: number]> = []
  for (const tag of html.matchAll(/<script\b[^>]*>/g)) {
    const from = tag.index + tag[0].length
    scripts.push([from, html.indexOf('</script>', from)])
  }
  const parts: Buffer[] = []
  const holes: Hole[] = []
  let start = 0
  for (const found of html.matchAll(marks)) {
    const [text, field, how, millisecond] = found
    const at = found.index
    parts.push(Buffer.from(html.slice(start, at)))
    start = at + text.length
    if (field === undefined && millisecond === undefined) {
      holes.push({ nonce: true })
      continue
    }
    const path = field ?? `date ${Number(millisecond)}`
    if (!own?.has(path)) return `a mark changed into another (${field ?? 'a date'})`
    if (how !== undefined && !(how in derivations)) return `an unknown derivation: ${how}`
    const inScript = scripts.some(([from, to]) => at >= from && at < to)
    const quoted = html[at - 1] === '"' && html[at - 2] !== '\\' && html[start] === '"'
    if (
      inScript ? !quoted || (field === undefined && !html.endsWith('new Date(', at - 1)) : field === undefined
    )
      return `a mark where it is not written as it is (${field ?? 'a date'})`
    holes.push({ path, how: how as Derivation | undefined, inScript })
  }
  parts.push(Buffer.from(html.slice(start)))
  if (!own) return { parts, holes }
  for (const part of parts) {
    const stray = STRAY.find(([trace]) => part.includes(trace))
    if (stray) return `${stray[1]} where no mark is whole`
  }
  // Were the page rendered for the reader instead of their stand-in, it would show their ids.
  const ids = [reader?.user.id, reader?.user.email, reader?.session.id].filter((id) => typeof id === 'string')
  if (ids.some((id) => parts.some((part) => part.includes(id))))
    return 'the reader’s own ids where marks should be: the page was not rendered for the stand-in'
  return { parts, holes }
}

/** As React escapes text and attribute values. */
const escapedForHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  )

/** Inside a script's double-quoted string, as seroval escapes. */
const escapedForScript = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/</g, '\\x3C')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** The page with `nonce` and the reader's `values` in their places. */
export function filled(
  template: Template,
  nonce: string,
  values = new Map<string, string>(),
): Buffer<ArrayBuffer> {
  const written = new Map<string, Buffer>()
  const bytesOf = (hole: Hole): Buffer => {
    const name = 'nonce' in hole ? '' : `${hole.inScript} ${hole.path} ${hole.how ?? ''}`
    let bytes = written.get(name)
    if (!bytes) {
      if ('nonce' in hole) bytes = Buffer.from(nonce)
      else {
        const value = values.get(hole.path)
        if (value === undefined) throw new Error(`No value for the page's mark ${hole.path}`)
        const shown = hole.how ? derivations[hole.how](value) : value
        bytes = Buffer.from(hole.inScript ? escapedForScript(shown) : escapedForHtml(shown))
      }
      written.set(name, bytes)
    }
    return bytes
  }
  return Buffer.concat(
    template.parts.flatMap((part, index) => (index ? [bytesOf(template.holes[index - 1]!), part] : [part])),
  )
}
