import { ChevronLeft, ChevronRight } from 'lucide-react'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

import { buttonClass } from './button'
import { ownEscape } from './dialog'
import { describedByOf, FieldMessages, inputClass } from './field'
import { useFieldError, useFieldHandlers } from './form'

/** A day as `YYYY-MM-DD`, the form value; days are handled at noon UTC so no zone moves them. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10)
const dayOf = (iso: string) => new Date(`${iso}T12:00:00Z`)
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)
function addMonths(date: Date, months: number) {
  const next = new Date(date)
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay))
  return next
}

/** The week's first day in the language's custom (0 Sunday … 6 Saturday), Monday if unknown. */
function firstDayOfWeek(lng: string) {
  const locale = new Intl.Locale(lng) as Intl.Locale & { getWeekInfo?: () => { firstDay: number } }
  return (locale.getWeekInfo?.().firstDay ?? 1) % 7
}

/** The six weeks shown for the month of `date`, starting on the language's first day. */
function weeksOf(date: Date, firstDay: number) {
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1, 12))
  const start = addDays(first, -((first.getUTCDay() - firstDay + 7) % 7))
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)),
  )
}

/**
 * A date field whose calendar speaks the page's language: month and weekday names, digits and
 * the first day of the week come from Intl, and arrows follow the reading direction. It is a
 * WAI-ARIA date grid: arrows move by day and week, Page Up/Down by month, Home/End to the
 * week's ends, Enter picks, Escape closes. The chosen day is submitted as `name` (YYYY-MM-DD).
 */
export function DatePicker({
  label,
  hint,
  min,
}: {
  label: string
  hint?: string
  /** The first day that may be picked (YYYY-MM-DD). */
  min?: string
}) {
  const { t, i18n } = useTranslation('common')
  const lng = i18n.language
  const rtl = i18n.dir(lng) === 'rtl'
  const id = useId()
  // The form's field this picker is (a day, or none), and its message.
  const { field, onChange } = useFieldHandlers<string | undefined>()
  const error = useFieldError()
  const value = field.state.value ?? ''
  const setValue = (day: string) => onChange(day || undefined)
  const [open, setOpen] = useState(false)
  const [focused, setFocused] = useState(() => dayOf(min ?? isoDay(new Date())))
  const grid = useRef<HTMLTableElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)

  const long = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' })
  const full = new Intl.DateTimeFormat(lng, { dateStyle: 'full', timeZone: 'UTC' })
  const monthTitle = new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const weekday = new Intl.DateTimeFormat(lng, { weekday: 'short', timeZone: 'UTC' })
  const weekdayLong = new Intl.DateTimeFormat(lng, { weekday: 'long', timeZone: 'UTC' })
  const dayNumber = new Intl.DateTimeFormat(lng, { day: 'numeric', timeZone: 'UTC' })
  const weeks = weeksOf(focused, firstDayOfWeek(lng))
  const disabled = (day: Date) => (min ? isoDay(day) < min : false)
  // A move never lands before the first day that may be picked: that day's button is disabled
  // and could not hold the focus.
  const allowed = (day: Date) => (min && disabled(day) ? dayOf(min) : day)

  function moveTo(day: Date) {
    setFocused(day)
    // Once rendered, the grid's roving tab stop is the new day.
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus())
  }

  function pick(day: Date) {
    if (disabled(day)) return
    setValue(isoDay(day))
    setOpen(false)
    toggle.current?.focus()
  }

  function onKeyDown(event: KeyboardEvent) {
    const forward = rtl ? -1 : 1
    const moves: Record<string, () => Date> = {
      ArrowRight: () => addDays(focused, forward),
      ArrowLeft: () => addDays(focused, -forward),
      ArrowDown: () => addDays(focused, 7),
      ArrowUp: () => addDays(focused, -7),
      PageDown: () => addMonths(focused, 1),
      PageUp: () => addMonths(focused, -1),
      Home: () => addDays(focused, -((focused.getUTCDay() - firstDayOfWeek(lng) + 7) % 7)),
      End: () => addDays(focused, 6 - ((focused.getUTCDay() - firstDayOfWeek(lng) + 7) % 7)),
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      moveTo(allowed(move()))
    }
  }

  /** Escape anywhere in the calendar (its grid or its month buttons) closes it. */
  function onCalendarKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return
    // Closes the calendar, not the dialog around it (see `ownEscape`).
    event.preventDefault()
    setOpen(false)
    toggle.current?.focus()
  }

  const chevron = (direction: 'previous' | 'next') => {
    const Icon = direction === 'previous' ? ChevronLeft : ChevronRight
    return <Icon aria-hidden="true" className="size-4" />
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex gap-2">
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, { hint, error })}
          onClick={() => {
            setOpen(!open)
            // Opening puts the focus on the chosen day, or the first one that may be chosen.
            if (!open) moveTo(value ? dayOf(value) : focused)
          }}
          className={inputClass(error, 'flex-1 text-start')}
        >
          <span id={`${id}-value`}>{value ? long.format(dayOf(value)) : t('datePicker.none')}</span>
        </button>
        {value && (
          <button type="button" className={buttonClass('outline')} onClick={() => setValue('')}>
            {t('datePicker.clear')}
          </button>
        )}
      </div>
      {open && (
        <div
          {...ownEscape}
          id={`${id}-calendar`}
          onKeyDown={onCalendarKeyDown}
          className="flex flex-col gap-2 rounded-md border border-border p-2"
        >
          <div className="flex items-center justify-between gap-2">
            <button
              type="button"
              className={buttonClass('outline', undefined, 'icon')}
              onClick={() => setFocused(allowed(addMonths(focused, -1)))}
            >
              {chevron('previous')}
              <span className="sr-only">{t('datePicker.previousMonth')}</span>
            </button>
            <p id={`${id}-month`} aria-live="polite" className="font-medium">
              {monthTitle.format(focused)}
            </p>
            <button
              type="button"
              className={buttonClass('outline', undefined, 'icon')}
              onClick={() => setFocused(addMonths(focused, 1))}
            >
              {chevron('next')}
              <span className="sr-only">{t('datePicker.nextMonth')}</span>
            </button>
          </div>
          <table
            ref={grid}
            role="grid"
            aria-labelledby={`${id}-month`}
            className="w-full text-center text-sm"
            onKeyDown={onKeyDown}
          >
            <thead>
              <tr>
                {weeks[0]?.map((day) => (
                  <th
                    key={day.getUTCDay()}
                    scope="col"
                    abbr={weekdayLong.format(day)}
                    className="py-1 font-normal text-muted-foreground"
                  >
                    {weekday.format(day)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={isoDay(week[0] ?? focused)}>
                  {week.map((day) => {
                    const iso = isoDay(day)
                    const inMonth = day.getUTCMonth() === focused.getUTCMonth()
                    return (
                      <td key={iso} role="gridcell" aria-selected={iso === value}>
                        <button
                          type="button"
                          tabIndex={iso === isoDay(focused) ? 0 : -1}
                          disabled={disabled(day)}
                          aria-label={full.format(day)}
                          onClick={() => pick(day)}
                          className={cn(
                            'size-9 rounded-md hover:bg-muted disabled:opacity-40',
                            !inMonth && 'text-muted-foreground',
                            iso === value && 'bg-primary text-primary-foreground',
                          )}
                        >
                          {dayNumber.format(day)}
                        </button>
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  )
}
