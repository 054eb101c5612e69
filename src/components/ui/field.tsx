import { CircleAlert } from 'lucide-react'
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
        <p id={`${id}-error`} role="alert" className="flex items-start gap-1.5 text-sm text-destructive-text">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </>
  )
}

/**
 * A control's border: the input colour, or red with a soft red ring when it has an error. One or
 * the other, never both: two border colours would leave the stylesheet's order to choose.
 */
export function borderClass(error?: string) {
  return error ? 'border border-destructive-text ring-3 ring-destructive-text/20' : 'border border-input'
}

/** The look of every text input and select; red-bordered when it has an error. */
export function inputClass(error?: string, className?: string) {
  return cn(
    // 16 px text on a phone, where a smaller one makes the browser zoom into the field. Its line is
    // 24 px whatever the font size, so a field is 36 px high in every language, as a button is.
    'min-h-9 rounded-md bg-card px-3 py-1 text-base leading-6 shadow-xs placeholder:text-muted-foreground disabled:opacity-60 md:text-sm',
    borderClass(error),
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

/** What a field's control spreads on itself: its id, whether it is required, and its ARIA ties. */
type ControlProps = { id: string; required?: boolean; 'aria-invalid'?: true; 'aria-describedby'?: string }

/**
 * A label, a control and the messages below it; `control` gets the id (the one given, or one
 * made here) and the attributes that tie them together.
 */
export function FieldShell({
  id: givenId,
  label,
  error,
  hint,
  required,
  control,
}: FieldProps & {
  id?: string
  control: (props: ControlProps) => ReactNode
}) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium" data-required={required || undefined}>
        {label}
      </label>
      {control({
        id,
        required,
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
  return (
    <FieldShell
      id={givenId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      control={(control) => (
        <div className="relative flex flex-col">
          <input {...control} className={inputClass(error, className)} {...input} />
          {popup}
        </div>
      )}
    />
  )
}

/** A labelled multi-line text box, with the same look, messages and ids as `Field`. */
export function TextareaField({
  label,
  error,
  hint,
  id: givenId,
  className,
  required,
  ...textarea
}: ComponentProps<'textarea'> & FieldProps) {
  return (
    <FieldShell
      id={givenId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      control={(control) => (
        <textarea
          rows={4}
          {...control}
          className={inputClass(error, cn('resize-y', className))}
          {...textarea}
        />
      )}
    />
  )
}
