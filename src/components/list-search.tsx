import { LoaderCircle, Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { Namespace } from '@/app.config'
import { useDebouncedValue } from '~/lib/use-debounced-value'

import { Button } from './ui/button'
import { inputClass } from './ui/field'
import { cn } from '~/lib/cn'

const SEARCH_DEBOUNCE_MS = 300

/** The address's last seen term, and the terms the box asked for that have not arrived yet. */
export interface SearchMemory {
  seen: string
  asked: string[]
}

/**
 * One step of search as you type: `fill` the box with a term that came from elsewhere (a link,
 * Back), or `search` for the typed text once typing pauses. A term the box asked for never fills
 * it, because that would drop the keys typed meanwhile.
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
 * Search as you type, with the term kept in the address. Calls `onSearch` when typing pauses,
 * and fills the box when the address changes from elsewhere.
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
    /** Whether there is typed text not yet applied. */
    typing: draft.trim() !== searchTerm,
  }
}

/**
 * The search box of a list's page bar, with a spinner while `searching` and its own clear button
 * in place of the browser's. The placeholder says what it searches, so its name is not shown.
 */
export function SearchInput({
  label,
  placeholder,
  search,
  searching,
}: {
  /** The box's accessible name. */
  label: string
  placeholder: string
  search: ReturnType<typeof useListSearch>
  searching: boolean
}) {
  const { t } = useTranslation('common')
  const input = useRef<HTMLInputElement>(null)
  const Icon = searching ? LoaderCircle : Search
  return (
    <div role="search" className="relative flex flex-col">
      <input
        ref={input}
        type="search"
        aria-label={label}
        aria-busy={searching}
        className={inputClass(undefined, 'ps-9 pe-10 [&::-webkit-search-cancel-button]:appearance-none')}
        value={search.draft}
        onChange={(event) => search.setDraft(event.target.value)}
        placeholder={placeholder}
      />
      <Icon
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute start-3 top-2.5 size-4 text-muted-foreground',
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
          className="absolute end-0 top-0"
          onClick={() => {
            search.setDraft('')
            input.current?.focus()
          }}
        />
      )}
    </div>
  )
}

/**
 * A list's search box, named and described by the list's namespace (`list.search`, and
 * `list.searchPlaceholder` saying what it searches), busy while typed text or a new view is pending.
 */
export function ListSearchBox({
  ns,
  search,
  loading,
}: {
  ns: Namespace
  search: ReturnType<typeof useListSearch>
  /** Whether the rows shown are still those of the view before (`useListView`). */
  loading: boolean
}) {
  const { t } = useTranslation(ns)
  return (
    <SearchInput
      label={t('list.search')}
      placeholder={t('list.searchPlaceholder')}
      search={search}
      searching={search.typing || loading}
    />
  )
}
