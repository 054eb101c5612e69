import { useHydrated } from '@tanstack/react-router'

import { cn } from '~/lib/cn'

import { selectClass } from './ui/select-field'

/** A filter's control: its name, the choice that keeps every row (`all`), and the others. */
export interface FilterControlProps<Value extends string> {
  label: string
  all: string
  value: Value | undefined
  options: ReadonlyArray<{ value: Value; label: string }>
  onChange: (value: Value | undefined) => void
}

/**
 * One of a list's filters in its page bar: a native select whose first choice, `all`, keeps every
 * row. The label names it for screen readers; the chosen option says what it keeps.
 */
export function ListFilter<Value extends string>({
  label,
  all,
  value,
  options,
  onChange,
}: FilterControlProps<Value>) {
  // Disabled until hydration, because a choice made before would be lost.
  const hydrated = useHydrated()
  return (
    <select
      aria-label={label}
      disabled={!hydrated}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as Value | undefined)}
      className={selectClass(undefined, cn('w-auto max-w-44 truncate', !value && 'text-muted-foreground'))}
    >
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}
