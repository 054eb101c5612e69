/**
 * A page as kept by the page cache (page-cache.ts): its bytes cut at each place a per-response
 * value stands, so that serving it is joining the pieces with this response's values. The values
 * are the CSP nonce and, in a signed-in page rendered for a stand-in reader, the reader's own
 * texts and dates (lib/reader-holes.ts).
 */
import '@tanstack/react-start/server-only'
import { randomBytes } from 'node:crypto'

import { type Derivation, derivations, HOLE_END, HOLE_START } from '~/lib/reader-holes'

/** A signed-in visitor as better-auth reads them: their user and session records. */
export type Reader = { user: Record<string, unknown>; session: Record<string, unknown> }

/** Unguessable, so that no text someone writes (a book's title) can pass for a mark. */
const TOKEN = randomBytes(6).toString('hex')
/** The stand-in's dates: the year 2999, each field on its own millisecond. */
const STAND_IN_DATE = Date.UTC(2999, 0, 1)
const STAND_IN_YEAR = '2999-01-01T00:00:00.'

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
  'session.token',
  'session.ipAddress',
  'session.userAgent',
])

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
  for (const [path, value] of fieldsOf(reader))
    shape.push([path, value instanceof Date ? 'date' : isMarked(path, value) ? 'text' : value])
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
 * Traces of a mark the page changed before writing it (encoded, cut, spelled another way): left
 * there, the page would show the stand-in's texts, so it is not used.
 */
const STRAY = [
  HOLE_START,
  HOLE_END,
  '%EE%80%8',
  '\\ue00',
  '\\uE00',
  '&#57344;',
  '&#xe000;',
  STAND_IN_YEAR.slice(0, 10),
]

/**
 * `page` cut at every place `nonce` stands and, for a page rendered for the stand-in, at every
 * mark, each noted as standing in HTML (text or attribute, escaped as React escapes) or in a
 * script's string (as seroval escapes). A string saying why when the page cannot be used so.
 */
export function templateOf(page: Buffer, nonce: string, standIn: boolean): Template | string {
  const html = page.toString()
  const marks = new RegExp(
    [
      escapeRegExp(nonce),
      ...(standIn
        ? [
            `${HOLE_START}${TOKEN}:([\\w.]+)(?:#(\\w+))?${HOLE_END}`,
            `${escapeRegExp(STAND_IN_YEAR)}(\\d{3})Z`,
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
    const [text, path, how, millisecond] = found
    const at = found.index
    parts.push(Buffer.from(html.slice(start, at)))
    start = at + text.length
    if (path === undefined && millisecond === undefined) {
      holes.push({ nonce: true })
      continue
    }
    const inScript = scripts.some(([from, to]) => at >= from && at < to)
    if (inScript && !(html[at - 1] === '"' && html[at - 2] !== '\\' && html[start] === '"'))
      return `a mark in a script, outside a string: ${html.slice(at - 40, start + 10)}`
    if (path !== undefined && !TEXT_FIELDS.has(path)) return `a mark changed: ${path}`
    if (how !== undefined && !(how in derivations)) return `an unknown derivation: ${how}`
    holes.push({ path: path ?? `date ${Number(millisecond)}`, how: how as Derivation | undefined, inScript })
  }
  parts.push(Buffer.from(html.slice(start)))
  if (standIn)
    for (const part of parts) {
      const stray = STRAY.find((trace) => part.includes(trace))
      if (stray) return `a trace of a mark (${JSON.stringify(stray)}) where no mark is whole`
    }
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
