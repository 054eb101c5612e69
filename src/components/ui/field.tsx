import type { LucideIcon } from 'lucide-react'
import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

import { cn } from '~/lib/cn'

import { describedByOf, FieldMessages } from './field-messages'

/** The look of every text input and select; red-bordered when it has an error. */
export function inputClass(error?: string, className?: string) {
  return cn(
    'min-h-10 rounded-md border border-input bg-background px-3 py-2 shadow-xs placeholder:text-muted-foreground disabled:opacity-60',
    error && 'border-destructive-text',
    className,
  )
}

export interface FieldProps {
  label: string
  error?: string
  hint?: string
}

/** A label, a control and the messages below it; `control` gets the ids that tie them together. */
export function FieldShell({
  id,
  label,
  error,
  hint,
  control,
}: FieldProps & {
  id: string
  control: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control({
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedByOf(id, { hint, error }),
      })}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  )
}

/** A labelled input whose error is announced and tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  popup,
  icon: Icon,
  id: givenId,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> &
  FieldProps & {
    /** A line icon inside the input, at its start (e.g. a magnifier for a search box). */
    icon?: LucideIcon
    /** Shown over the page right below the input, e.g. a combobox's list of options. */
    popup?: ReactNode
  }) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(aria) => (
        <div className="relative flex flex-col">
          {Icon && (
            <Icon
              aria-hidden="true"
              className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground"
            />
          )}
          <input id={id} {...aria} className={inputClass(error, cn(Icon && 'ps-9', className))} {...input} />
          {popup}
        </div>
      )}
    />
  )
}
