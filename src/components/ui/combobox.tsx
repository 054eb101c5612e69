import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

import { Field } from './field'

export interface ComboboxOption {
  id: string
  name: string
}

interface ComboboxProps {
  label: string
  value: ComboboxOption | null
  onChange: (option: ComboboxOption) => void
  /** The options for what is typed, as found by the caller (e.g. on the server). */
  options: readonly ComboboxOption[]
  /** What is typed; the caller looks options up with it. */
  term: string
  onTermChange: (term: string) => void
  /** Offers 'Create “term”' when no option is named exactly what is typed. */
  onCreate?: (term: string) => void
  loading?: boolean
  error?: string
  required?: boolean
  /** Called as the focus leaves the input. */
  onBlur?: () => void
}

type Entry = { kind: 'option'; option: ComboboxOption } | { kind: 'create'; term: string }

/**
 * A select with type-ahead (the WAI-ARIA combobox pattern): typing filters, arrows move, Enter
 * picks, Escape closes; it can offer to create what was typed and says when nothing matches.
 */
export function Combobox({
  label,
  value,
  onChange,
  options,
  term,
  onTermChange,
  onCreate,
  loading = false,
  error,
  required,
  onBlur,
}: ComboboxProps) {
  const { t } = useTranslation('common')
  const id = useId()
  const listId = `${id}-list`
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  // Keys pressed quickly arrive before the next render: they read and move the latest index.
  const latest = useRef(0)
  const moveTo = (index: number) => {
    latest.current = index
    setActive(index)
  }

  const typed = term.trim().toLowerCase()
  // The caller's options may be for an earlier term while a search is under way: narrow them now.
  const matching = options.filter((option) => option.name.toLowerCase().includes(typed))
  const exact = matching.some((option) => option.name.toLowerCase() === typed)
  const entries: Entry[] = [
    ...matching.map((option) => ({ kind: 'option' as const, option })),
    ...(onCreate && typed && !exact && !loading ? [{ kind: 'create' as const, term: term.trim() }] : []),
  ]
  const activeIndex = Math.min(active, entries.length - 1)

  function choose(entry: Entry) {
    if (entry.kind === 'create') onCreate?.(entry.term)
    else onChange(entry.option)
    setOpen(false)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      const count = Math.max(entries.length, 1)
      moveTo((Math.min(Math.max(latest.current, 0), count - 1) + step + count) % count)
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const entry = entries[Math.min(latest.current, entries.length - 1)]
      if (entry) choose(entry)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`
  // Read out as it changes, with how many options there are once found: the list's own
  // 'searching' and 'nothing found' rows are not options, so moving through the list never
  // reaches them.
  const state =
    loading && entries.length === 0
      ? t('combobox.loading')
      : !loading && matching.length === 0
        ? t('combobox.noResults')
        : ''
  return (
    <Field
      id={id}
      label={label}
      role="combobox"
      autoComplete="off"
      aria-expanded={open}
      aria-controls={listId}
      aria-autocomplete="list"
      aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
      required={required}
      value={open ? term : (value?.name ?? '')}
      placeholder={value?.name ?? t('combobox.placeholder')}
      onFocus={() => {
        onTermChange('')
        setOpen(true)
      }}
      onClick={() => setOpen(true)}
      onBlur={() => {
        setOpen(false)
        onBlur?.()
      }}
      onChange={(event) => {
        onTermChange(event.target.value)
        moveTo(0)
        setOpen(true)
      }}
      onKeyDown={onKeyDown}
      error={error}
      popup={
        <>
          <p role="status" className="sr-only">
            {open && (state || (!loading && t('combobox.found', { count: entries.length })))}
          </p>
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            hidden={!open}
            className="absolute top-full z-30 mt-1 max-h-64 w-full overflow-auto rounded-md border border-border bg-card py-1 shadow-lg"
          >
            {state && (
              <li role="presentation" className="px-3 py-2 text-muted-foreground">
                {state}
              </li>
            )}
            {entries.map((entry, index) => (
              <li
                key={entry.kind === 'option' ? entry.option.id : 'create'}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps the focus in the input, so a click does not blur and close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(entry)}
                onMouseEnter={() => moveTo(index)}
                className={cn(
                  'cursor-pointer px-3 py-2',
                  index === activeIndex && 'bg-muted',
                  entry.kind === 'option' && entry.option.id === value?.id && 'font-semibold',
                )}
              >
                {entry.kind === 'option' ? entry.option.name : t('combobox.create', { term: entry.term })}
              </li>
            ))}
          </ul>
        </>
      }
    />
  )
}
