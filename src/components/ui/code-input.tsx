import { useId } from 'react'

import { cn } from '~/lib/cn'

import { borderClass, describedByOf, FieldMessages } from './field'

/**
 * A one-time-code input shown as one slot per character. It is a single real input, so typing,
 * pasting, autofill from the e-mail and screen readers all work as with any text field.
 */
export function CodeInput({
  label,
  length,
  value,
  onChange,
  onComplete,
  error,
  hint,
  busy,
}: {
  label: string
  length: number
  value: string
  onChange: (value: string) => void
  /** Called when every digit is in; without it, the code waits for its form to be sent. */
  onComplete?: (value: string) => void
  error?: string
  hint?: string
  /**
   * While the code is being checked: read-only, not disabled, so that the focus stays in the
   * field (a disabled one drops it) for the next try after a wrong code.
   */
  busy?: boolean
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="group relative" dir="ltr">
        <input
          id={id}
          name="code"
          value={value}
          onChange={(event) => {
            const next = event.target.value.replace(/\s+/g, '').slice(0, length)
            onChange(next)
            if (next.length === length && /^\d+$/.test(next)) onComplete?.(next)
          }}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          readOnly={busy}
          aria-busy={busy || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, { hint, error })}
          // Invisible over the boxes: the box the next digit goes to shows the focus ring instead.
          className="absolute inset-0 z-10 w-full cursor-text bg-transparent text-transparent caret-transparent outline-none selection:bg-transparent"
        />
        <div className="flex justify-between gap-2" aria-hidden="true">
          {Array.from({ length }, (_, index) => (
            <span
              key={index}
              className={cn(
                'flex h-12 flex-1 items-center justify-center rounded-md text-2xl tabular-nums',
                borderClass(error),
                index === Math.min(value.length, length - 1) &&
                  'group-focus-within:outline-2 group-focus-within:outline-offset-2 group-focus-within:outline-ring',
              )}
            >
              {value[index] ?? ''}
            </span>
          ))}
        </div>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  )
}
