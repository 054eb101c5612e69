import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Every text is in sentence case ('New user', 'Open an issue'): a capital starts a sentence, and
 * inside one only names keep theirs. Arabic has no capitals, so it is not checked.
 */
const properNouns = new Set([
  'Folio',
  'GitHub',
  'Google',
  'Apple',
  'Microsoft',
  'Turnstile',
  'API',
  'HTTP',
  'JSON',
  'JPEG',
  'PNG',
  'WebP',
  'AVIF',
  'MB',
  'Mo',
  'English',
  'Arabic',
  'French',
  'Swahili',
  'Français',
  'Kiswahili',
])

/** Texts that continue another one, or are not words: they need not start with a capital. */
const notSentences = new Set([
  'auth:login.emailPlaceholder',
  'common:image.drop',
  'areas:apiDocs.required',
  // The last part of a session's line: 'Chrome on Linux · 127.0.0.1 · active 2 min ago'.
  'user:sessions.active',
])

type Tree = { [key: string]: string | Tree }

function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : texts(value, `${prefix}${key}.`),
  )
}

/** The words written in Title Case in a text: capitalised, not a sentence's first, not a name. */
function titleCaseWords(text: string) {
  return text
    .replace(/\{\{[^}]*\}\}/g, 'x')
    .split(/(?<=[.!?:;])\s+|\n+/)
    .flatMap((sentence) => sentence.trim().split(/\s+/).slice(1))
    .map((word) => word.replace(/^[(«“"'‘]+|[)»”"'’,.!?:;]+$/g, ''))
    .filter((word) => /^\p{Lu}\p{Ll}/u.test(word) && !properNouns.has(word))
}

describe('sentence case', () => {
  it('finds Title Case and lets sentences and names be', () => {
    expect(titleCaseWords('New User')).toEqual(['User'])
    expect(titleCaseWords('Open App')).toEqual(['App'])
    expect(titleCaseWords('Too many tries. Try again later.')).toEqual([])
    expect(titleCaseWords('About Folio, with Google')).toEqual([])
  })

  for (const lng of ['en', 'fr', 'sw']) {
    it(`holds for every text in ${lng}`, () => {
      const offences = readdirSync(`locales/${lng}`).flatMap((file) => {
        const ns = file.replace(/\.json$/, '')
        const tree = JSON.parse(readFileSync(`locales/${lng}/${file}`, 'utf8')) as Tree
        return texts(tree)
          .map(([key, text]) => [`${ns}:${key}`, text] as const)
          .filter(
            ([key, text]) =>
              titleCaseWords(text).length > 0 || (!notSentences.has(key) && /^\p{Ll}/u.test(text)),
          )
          .map(([key, text]) => `${key}: ${text}`)
      })
      expect(offences).toEqual([])
    })
  }
})
