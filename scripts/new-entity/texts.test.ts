import { describe, expect, it } from 'vitest'

import { entityLabels, entityNames } from './names'
import { sameAsEnglish, texts } from './templates'

type Texts = { [key: string]: string | Texts }
const allTexts = (tree: Texts): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : allTexts(value)))

const shelf = entityNames('Shelf')
const book = {
  n: entityNames('Book'),
  label: 'title' as const,
  word: { en: 'Book', fr: 'Livre', ar: 'كتاب', sw: 'Kitabu' },
  words: { en: 'Books', fr: 'Livres', ar: 'الكتب', sw: 'Vitabu' },
}

describe("the generated entity's words in each language", () => {
  it('reads --label options: a word, and its plural after a slash', () => {
    const { labels, missing } = entityLabels(shelf, ['fr=Étagère/Étagères', 'ar=رف/رفوف', 'sw=Rafu'])
    expect(labels).toEqual({
      fr: { word: 'Étagère', words: 'Étagères' },
      ar: { word: 'رف', words: 'رفوف' },
      sw: { word: 'Rafu', words: 'Rafu' },
    })
    expect(missing).toEqual([])
    for (const bad of ['de=Regal', 'fr', 'fr=', 'Étagère', 'fr=a/b/c'])
      expect(() => entityLabels(shelf, [bad]), bad).toThrow(/--label/)
  })

  it("builds each language's sentences around its own word, never the English one", () => {
    const { labels } = entityLabels(shelf, ['fr=Étagère/Étagères', 'ar=رف/رفوف', 'sw=Rafu/Rafu'])
    const all = texts(shelf, labels)
    for (const lng of ['fr', 'ar', 'sw'] as const) {
      const own = [...allTexts(all[lng].ns), all[lng].nav, ...allTexts(all[lng].errors)]
      expect(
        own.filter((text) => /shel(f|ves)/i.test(text)),
        lng,
      ).toEqual([])
    }
    expect(all.fr.nav).toBe('Étagères')
    expect(all.fr.ns).toMatchObject({ list: { title: 'Étagères', search: 'Rechercher : étagères' } })
    expect(all.ar.nav).toBe('رفوف')
    expect(all.sw.ns).toMatchObject({ form: { newTitle: 'Rafu mpya' } })
    // Nothing reads as in English, so the entity declares nothing.
    expect(sameAsEnglish(shelf, all)).toBeUndefined()
  })

  it('names what the entity holds by its own plural in each language, never the English one', () => {
    const { labels } = entityLabels(shelf, ['fr=Étagère/Étagères', 'ar=رف/رفوف', 'sw=Rafu/Rafu'])
    const all = texts(shelf, labels, { holds: book })
    for (const lng of ['fr', 'ar', 'sw'] as const) {
      const own = [...allTexts(all[lng].ns), ...allTexts(all[lng].errors)]
      expect(
        own.filter((text) => /shel(f|ves)|books?\b/i.test(text)),
        lng,
      ).toEqual([])
    }
    expect(all.en.ns).toMatchObject({ books: { add: 'Add books' } })
    expect(all.fr.ns).toMatchObject({ books: { add: 'Ajouter : livres' } })
    expect(all.sw.ns).toMatchObject({ books: { add: 'Ongeza vitabu' } })
    expect(all.en.errors).toMatchObject({
      bookAlreadyIn: 'Already in this shelf',
      bookNotIn: 'Not in this shelf',
    })
    expect(sameAsEnglish(shelf, all)).toBeUndefined()
  })

  it('names what the entity belongs to by its own word in each language, never the English one', () => {
    const { labels } = entityLabels(shelf, ['fr=Étagère/Étagères', 'ar=رف/رفوف', 'sw=Rafu/Rafu'])
    const all = texts(shelf, labels, { belongsTo: book })
    for (const lng of ['fr', 'ar', 'sw'] as const) {
      const own = [...allTexts(all[lng].ns), ...allTexts(all[lng].errors), ...allTexts(all[lng].activity)]
      expect(
        own.filter((text) => /shel(f|ves)|books?\b/i.test(text)),
        lng,
      ).toEqual([])
    }
    expect(all.en.ns).toMatchObject({
      fields: { book: 'Book' },
      validation: { bookRequired: 'Book is required' },
      list: { allBooks: 'All books' },
    })
    expect(all.fr.ns).toMatchObject({ fields: { book: 'Livre' } })
    // The activity log names the entity, and the reference's changes by the other's word.
    expect(all.ar.activity).toEqual({ entities: { shelf: 'رف' }, fields: { bookId: 'كتاب' } })
    expect(sameAsEnglish(shelf, all)).toBeUndefined()
  })

  it('keeps the English word where no label was given, and declares what reads as in English', () => {
    const { labels, missing } = entityLabels(shelf, ['fr=Étagère/Étagères'])
    expect(missing).toEqual(['ar', 'sw'])
    expect(labels.ar).toEqual({ word: 'shelf', words: 'shelves' })
    const declared = sameAsEnglish(shelf, texts(shelf, labels))
    expect(declared).toContain("ar: ['shelf:list.title', 'areas:nav.shelves', 'activity:entities.shelf'],")
    expect(declared).toContain("sw: ['shelf:list.title', 'areas:nav.shelves', 'activity:entities.shelf'],")
    expect(declared).not.toContain('fr:')
  })
})
