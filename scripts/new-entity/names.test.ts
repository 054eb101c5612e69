import { describe, expect, it } from 'vitest'

import { entityNames, pluralOf } from './names'

describe("an entity's names", () => {
  it('makes English plurals by the common rules', () => {
    expect(
      ['Shelf', 'Loan', 'Category', 'Box', 'Branch', 'Key', 'Knife', 'Leaf', 'Roof'].map(pluralOf),
    ).toEqual(['Shelves', 'Loans', 'Categories', 'Boxes', 'Branches', 'Keys', 'Knives', 'Leaves', 'Roofs'])
  })

  it('spells a name of several words for each use', () => {
    expect(entityNames('BookShelf')).toEqual({
      Name: 'BookShelf',
      Names: 'BookShelves',
      name: 'bookShelf',
      names: 'bookShelves',
      kebab: 'book-shelf',
      kebabs: 'book-shelves',
      table: 'book_shelf',
      word: 'book shelf',
      words: 'book shelves',
    })
    expect(entityNames('Person', 'People').kebabs).toBe('people')
  })

  it('refuses a name that is not PascalCase words', () => {
    for (const bad of ['shelf', 'Shelf2', 'Book_Shelf', 'SHELF', ''])
      expect(() => entityNames(bad), bad).toThrow(/capitalised English words/)
  })
})
