import { type ComponentProps, type ReactNode, useId } from 'react'

import { cn } from '~/lib/cn'

/** The ids a field's input points to with aria-describedby, for the messages below it. */
export function describedByOf(id: string, { hint, error }: { hint?: string; error?: string }) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
}

/** A field's hint and error, tied to its input for screen readers; the error is announced. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </>
  )
}

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
  /** Marks the label with a drawn '*' (a screen reader hears it from the control's `required`). */
  required?: boolean
}

/** A label, a control and the messages below it; `control` gets the ids that tie them together. */
export function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  control,
}: FieldProps & {
  id: string
  control: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium" data-required={required || undefined}>
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
  required,
  ...input
}: ComponentProps<'input'> &
  FieldProps & {
    /**
     * Drawn over the input's box (it is positioned against it): a combobox's list of options
     * right below it, or an icon inside it.
     */
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
      required={required}
      control={(aria) => (
        <div className="relative flex flex-col">
          <input id={id} {...aria} required={required} className={inputClass(error, className)} {...input} />
          {popup}
        </div>
      )}
    />
  )
}
