import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

import { type Language, languages } from '@/app.config'

import type { SameAsEnglish } from './same-as-english'

type Tree = { [key: string]: string | Tree }

const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Tree

/** Every key of a resource, with plural forms (`_one`, `_few`…) folded into their base key. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keysOf(value, `${prefix}${key}.`),
  )
}

const namespaces = readdirSync('locales/en').map((file) => file.replace(/\.json$/, ''))

/** Every text of a resource by its full key, plural forms kept apart. */
function textsOf(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : textsOf(value, `${prefix}${key}.`),
  )
}

/** Shared texts that read the same as in English on purpose; a feature's own are in its folder. */
const shared: SameAsEnglish = {
  fr: [
    'areas:nav.application',
    'areas:nav.configuration',
    'areas:apps.documentation',
    'common:toasts.label',
    'common:list.actions',
  ],
}

/** Every feature's `same-as-english.ts`, with the shared ones. */
const declared = import.meta.glob<SameAsEnglish>('../features/*/same-as-english.ts', {
  eager: true,
  import: 'sameAsEnglish',
})
const sameAsEnglish = (lng: Language) =>
  lng === 'en' ? [] : [shared, ...Object.values(declared)].flatMap((own) => own[lng] ?? [])
const sameEverywhere = ['book:fields.none', 'activity:system']

describe('the translations', () => {
  it.each(namespaces)('give every language the same keys in %s', (ns) => {
    const english = new Set(keysOf(load('en', ns)))
    for (const lng of languages)
      expect({ lng, keys: [...new Set(keysOf(load(lng, ns)))].sort() }).toEqual({
        lng,
        keys: [...english].sort(),
      })
  })

  it.each(languages.filter((lng) => lng !== 'en'))('translate every text into %s', (lng) => {
    const untranslated = namespaces.flatMap((ns) => {
      const english = new Map(textsOf(load('en', ns)))
      return textsOf(load(lng, ns))
        .filter(([key, text]) => english.get(key) === text)
        .map(([key]) => `${ns}:${key}`)
        .filter((key) => !sameEverywhere.includes(key) && !sameAsEnglish(lng).includes(key))
    })
    expect(untranslated).toEqual([])
  })

  it.each(languages)('write quotes and apostrophes as %s typesets them, never straight', (lng) => {
    // French sets its guillemets apart with no-break spaces, so a line never breaks inside them.
    const quotes = { en: /“[^“”«»]*”/g, sw: /“[^“”«»]*”/g, fr: /«\u00a0[^“”«»]*\u00a0»/g, ar: /«[^“”«»]*»/g }[
      lng
    ]
    const wrong = namespaces.flatMap((ns) =>
      textsOf(load(lng, ns))
        .filter(([, text]) => /["'“”«»]/.test(text.replace(quotes, '')))
        .map(([key, text]) => `${ns}:${key}: ${text}`),
    )
    expect(wrong).toEqual([])
  })

  it('hold every validation message the entity schemas name', () => {
    const schemas = readdirSync('src/features', { recursive: true, encoding: 'utf8' }).filter((path) =>
      path.endsWith('schema.ts'),
    )
    const named = schemas.flatMap((path) =>
      [...readFileSync(`src/features/${path}`, 'utf8').matchAll(/error: '(\w+):([\w.]+)'/g)].map(
        ([, ns, key]) => ({ ns: ns as string, key: key as string }),
      ),
    )
    expect(named.length).toBeGreaterThan(10)
    for (const lng of languages)
      for (const { ns, key } of named)
        expect({ lng, ns, key, found: keysOf(load(lng, ns)).includes(key) }).toEqual({
          lng,
          ns,
          key,
          found: true,
        })
  })
})
