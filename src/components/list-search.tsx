import { LoaderCircle, Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useDebouncedValue } from '~/lib/use-debounced-value'

import { Button } from './ui/button'
import { Field } from './ui/field'
import { cn } from '~/lib/cn'

const SEARCH_DEBOUNCE_MS = 300

/**
 * What the search box remembers between renders: the address's term when it last looked, and the
 * terms it asked the address for that have not arrived yet (a navigation takes a moment).
 */
export interface SearchMemory {
  seen: string
  asked: string[]
}

/**
 * One step of search as you type, run whenever the address's term, the typed text or its
 * debounced copy change: `fill` the box with a term the address got from elsewhere (the menu's
 * link to the whole list, Back and Forward), or `search` for what is typed once typing pauses.
 * A term this box asked for is not 'from elsewhere', even when it arrives after more typing:
 * taking it for one would put the box back to it and drop the keys typed meanwhile.
 */
export function searchStep(
  memory: SearchMemory,
  { searchTerm, draft, debounced }: { searchTerm: string; draft: string; debounced: string },
): { fill?: string; search?: string } {
  if (searchTerm !== memory.seen) {
    memory.seen = searchTerm
    const ours = memory.asked.indexOf(searchTerm)
    if (ours < 0) {
      memory.asked = []
      return draft.trim() === searchTerm ? {} : { fill: searchTerm }
    }
    memory.asked.splice(0, ours + 1)
  }
  const term = draft.trim()
  if (debounced !== term || term === (memory.asked.at(-1) ?? searchTerm)) return {}
  memory.asked.push(term)
  return { search: term }
}

/**
 * Search as you type for a list whose term lives in the address: what is typed is applied
 * (`onSearch`) once typing pauses (`searchStep`). A term the address gets otherwise fills the
 * box in turn.
 */
export function useListSearch(searchTerm: string, onSearch: (term: string) => void) {
  const [draft, setDraft] = useState(searchTerm)
  const debounced = useDebouncedValue(draft.trim(), SEARCH_DEBOUNCE_MS)
  const memory = useRef<SearchMemory>({ seen: searchTerm, asked: [] })
  useEffect(() => {
    const { fill, search } = searchStep(memory.current, { searchTerm, draft, debounced })
    if (fill !== undefined) setDraft(fill)
    if (search !== undefined) onSearch(search)
  }, [debounced, draft, searchTerm, onSearch])
  return {
    draft,
    setDraft,
    /** Typed, and not yet applied: typing has not paused. */
    typing: draft.trim() !== searchTerm,
  }
}

/**
 * The search box: a spinner in place of its icon while a search is under way (`searching`), and
 * one control to clear it, inside the box (the browser's own clear button is hidden).
 */
export function SearchInput({
  label,
  placeholder,
  search,
  searching,
}: {
  label: string
  placeholder: string
  search: ReturnType<typeof useListSearch>
  searching: boolean
}) {
  const { t } = useTranslation('common')
  const input = useRef<HTMLInputElement>(null)
  const Icon = searching ? LoaderCircle : Search
  return (
    <Field
      ref={input}
      label={label}
      type="search"
      className="ps-9 pe-10 [&::-webkit-search-cancel-button]:appearance-none"
      aria-busy={searching}
      popup={
        <>
          <Icon
            aria-hidden="true"
            className={cn(
              'pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground',
              searching && 'animate-spin',
            )}
          />
          <span role="status" className="sr-only">
            {searching ? t('list.searching') : ''}
          </span>
          {search.draft && (
            <Button
              variant="ghost"
              size="icon"
              icon={X}
              aria-label={t('list.clear')}
              className="absolute end-0.5 top-0.5"
              onClick={() => {
                search.setDraft('')
                input.current?.focus()
              }}
            />
          )}
        </>
      }
      value={search.draft}
      onChange={(event) => search.setDraft(event.target.value)}
      placeholder={placeholder}
    />
  )
}

/** 'N results for "term"'; nothing without a term. */
export function SearchResults({ searchTerm, total }: { searchTerm: string; total: number }) {
  const { t } = useTranslation('common')
  if (!searchTerm) return null
  return (
    <p aria-live="polite" className="text-sm">
      {t('list.results', { count: total, term: searchTerm })}
    </p>
  )
}
