import { Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useDebouncedValue } from '~/lib/use-debounced-value'

import { Button } from './ui/button'
import { Field } from './ui/field'

const SEARCH_DEBOUNCE_MS = 300

/**
 * Search as you type for a list whose term lives in the address: what is typed is applied
 * (`onSearch`) once typing pauses; `clear()` empties both. A term the address gets otherwise
 * (the menu's link to the whole list, Back and Forward) fills the box in turn.
 */
export function useListSearch(searchTerm: string, onSearch: (term: string) => void) {
  const [draft, setDraft] = useState(searchTerm)
  const debounced = useDebouncedValue(draft.trim(), SEARCH_DEBOUNCE_MS)
  // The term this box last put in the address (or found there).
  const applied = useRef(searchTerm)
  useEffect(() => {
    if (searchTerm !== applied.current) {
      applied.current = searchTerm
      setDraft(searchTerm)
    } else if (debounced === draft.trim() && debounced !== searchTerm) {
      applied.current = debounced
      onSearch(debounced)
    }
  }, [debounced, draft, searchTerm, onSearch])
  return { draft, setDraft, clear: () => setDraft('') }
}

export function SearchInput({
  label,
  placeholder,
  search,
}: {
  label: string
  placeholder: string
  search: ReturnType<typeof useListSearch>
}) {
  return (
    <Field
      label={label}
      type="search"
      className="ps-9"
      popup={
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground"
        />
      }
      value={search.draft}
      onChange={(event) => search.setDraft(event.target.value)}
      placeholder={placeholder}
    />
  )
}

/** 'N results for "term"' with a way to clear the search; nothing without a term. */
export function SearchResults({
  searchTerm,
  total,
  search,
}: {
  searchTerm: string
  total: number
  search: ReturnType<typeof useListSearch>
}) {
  const { t } = useTranslation('common')
  if (!searchTerm) return null
  return (
    <div className="flex items-center gap-3 text-sm">
      <p aria-live="polite">{t('list.results', { count: total, term: searchTerm })}</p>
      <Button variant="outline" size="sm" icon={X} onClick={search.clear}>
        {t('list.clear')}
      </Button>
    </div>
  )
}
