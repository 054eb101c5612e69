import { describe, expect, it } from 'vitest'

import { type SearchMemory, searchStep } from './list-search'

/** Runs a box's steps as its effect would and returns what each step asked for. */
function run(start: string, states: { searchTerm: string; draft: string; debounced: string }[]) {
  const memory: SearchMemory = { seen: start, asked: [] }
  return states.map((state) => searchStep(memory, state))
}

describe('search as you type', () => {
  it('searches once typing pauses, and not again when the address has the term', () => {
    expect(
      run('', [
        { searchTerm: '', draft: 'a', debounced: '' },
        { searchTerm: '', draft: 'ada', debounced: 'ada' },
        { searchTerm: 'ada', draft: 'ada', debounced: 'ada' },
      ]),
    ).toEqual([{}, { search: 'ada' }, {}])
  })

  it('keeps the keys typed while the address catches up with the term it was asked for', () => {
    expect(
      run('', [
        { searchTerm: '', draft: 'a', debounced: 'a' },
        // 'd' is typed while the navigation to 'a' is under way, so the box is left alone.
        { searchTerm: '', draft: 'ad', debounced: 'a' },
        { searchTerm: 'a', draft: 'ad', debounced: 'a' },
        { searchTerm: 'a', draft: 'ad', debounced: 'ad' },
      ]),
    ).toEqual([{ search: 'a' }, {}, {}, { search: 'ad' }])
  })

  it('takes an earlier answer as its own when two searches are under way', () => {
    expect(
      run('', [
        { searchTerm: '', draft: 'a', debounced: 'a' },
        { searchTerm: '', draft: 'ad', debounced: 'ad' },
        { searchTerm: 'a', draft: 'adm', debounced: 'ad' },
        { searchTerm: 'ad', draft: 'adm', debounced: 'ad' },
        { searchTerm: 'ad', draft: 'adm', debounced: 'adm' },
      ]),
    ).toEqual([{ search: 'a' }, { search: 'ad' }, {}, {}, { search: 'adm' }])
  })

  it('fills the box with a term the address gets from elsewhere, and does not search it again', () => {
    expect(
      run('austen', [
        { searchTerm: '', draft: 'austen', debounced: 'austen' },
        { searchTerm: '', draft: '', debounced: 'austen' },
        { searchTerm: '', draft: '', debounced: '' },
      ]),
    ).toEqual([{ fill: '' }, {}, {}])
  })
})
