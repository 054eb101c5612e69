import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react'

import { cn } from '~/lib/cn'

import { describedByOf, FieldMessages } from './field-messages'

/** The look of every text input and select; red-bordered when it has an error. */
export function inputClass(error?: string, className?: string) {
  return cn(
    'rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-60 dark:border-neutral-700 dark:bg-neutral-900',
    error && 'border-red-600',
    className,
  )
}

interface FieldProps {
  label: string
  error?: string
  hint?: string
}

/** A label, a control and the messages below it; `control` gets the ids that tie them together. */
function FieldShell({
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
  id: givenId,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> &
  FieldProps & {
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
          <input id={id} {...aria} className={inputClass(error, className)} {...input} />
          {popup}
        </div>
      )}
    />
  )
}

/** A labelled native select, with the same messages as `Field`. */
export function SelectField({
  label,
  error,
  hint,
  className,
  options,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & FieldProps & { options: { value: string; label: string }[] }) {
  const id = useId()
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(aria) => (
        <select id={id} {...aria} className={inputClass(error, className)} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}
