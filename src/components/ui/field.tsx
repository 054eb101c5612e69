import { type InputHTMLAttributes, useId } from 'react'

import { cn } from '~/lib/cn'

import { describedByOf, FieldMessages } from './field-messages'

/** A labelled input whose error is announced and tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, { hint, error })}
        className={cn(
          'rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-accent dark:border-neutral-700 dark:bg-neutral-900',
          error && 'border-red-600',
          className,
        )}
        {...input}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  )
}
