import type { FilterControlProps } from './list-filter'
import { Button } from './ui/button'

/**
 * One of a list's filters as toggle chips, every choice in sight where a select would hide them:
 * `all` first, then one chip per value, one pressed at a time. On a phone they are one row that
 * scrolls sideways, edge to edge of the layout's main area (padded 1 rem); from md up, where the
 * main area has a fixed width, they wrap. The same props as `ListFilter`, a select.
 */
export function FilterChips<Value extends string>(filter: FilterControlProps<Value>) {
  const { value, onChange } = filter
  const chip = (chipValue: Value | undefined, text: string) => (
    <Button
      key={chipValue ?? ''}
      variant="outline"
      size="sm"
      aria-pressed={chipValue === value}
      onClick={() => onChange(chipValue)}
      className="rounded-full whitespace-nowrap aria-pressed:border-foreground aria-pressed:bg-foreground aria-pressed:text-background aria-pressed:hover:bg-foreground"
    >
      <bdi>{text}</bdi>
    </Button>
  )
  return (
    <div
      role="group"
      aria-label={filter.label}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 [scrollbar-width:none] md:mx-0 md:flex-wrap md:overflow-visible md:px-0"
    >
      {chip(undefined, filter.all)}
      {filter.options.map((option) => chip(option.value, option.label))}
    </div>
  )
}
