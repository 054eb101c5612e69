import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

import type { Language } from '@/app.config'

import { createI18n } from './i18n'

const texts = (lng: Language) =>
  Object.fromEntries(
    ['common', 'book', 'user'].map((ns) => [
      ns,
      JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as object,
    ]),
  )
const translator = (lng: Language) => createI18n(lng, { [lng]: texts(lng) }).t

describe('values in translated texts', () => {
  it('isolates typed text, so a title starting and ending with neutral characters keeps its order', () => {
    const ar = translator('ar')
    expect(ar('book:form.updateTitle', { title: '(1984)!' })).toBe('تعديل «\u2068(1984)!\u2069»')
    expect(ar('user:ban.title', { name: '«Dune» 2!' })).toContain('\u2068«Dune» 2!\u2069')
    expect(translator('en')('book:delete.description', { title: 'Dune' })).toBe(
      '“\u2068Dune\u2069” will be deleted for good. This cannot be undone.',
    )
  })

  it('writes numbers without isolates, the language’s way', () => {
    expect(translator('en')('list.showing', { count: 1500, total: 20000 })).toBe('Showing 1,500 of 20,000')
    const ar = translator('ar')('list.showing', { count: 1500, total: 20000 })
    expect(ar).toContain(new Intl.NumberFormat('ar').format(1500))
    expect(ar).not.toContain('\u2068')
  })
})
