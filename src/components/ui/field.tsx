import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

import { cn } from '~/lib/cn'

import { describedByOf, FieldMessages } from './field-messages'

/** The look of every text input; red-bordered when it has an error. */
export function inputClass(error?: string, className?: string) {
  return cn(
    'rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-accent dark:border-neutral-700 dark:bg-neutral-900',
    error && 'border-red-600',
    className,
  )
}

/** A labelled input whose error is announced and tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  popup,
  id: givenId,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string
  error?: string
  hint?: string
  /** Shown over the page right below the input, e.g. a combobox's list of options. */
  popup?: ReactNode
}) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative flex flex-col">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, { hint, error })}
          className={inputClass(error, className)}
          {...input}
        />
        {popup}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  )
}
