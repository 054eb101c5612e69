import type { SelectHTMLAttributes } from 'react'

import { cn } from '~/lib/cn'

import { type FieldProps, FieldShell, inputClass } from './field'

/**
 * A native select that looks like every input (same height, border and radius), its arrow drawn
 * as the other icons are, on the end side: the browser's own arrow is hidden.
 */
export function selectClass(error?: string, className?: string) {
  return inputClass(
    error,
    cn(
      'w-full cursor-pointer appearance-none bg-[image:var(--chevron)] bg-size-[1rem] bg-position-[right_0.75rem_center] bg-no-repeat pe-9 rtl:bg-position-[left_0.75rem_center]',
      className,
    ),
  )
}

/** A labelled native select, with the same messages as `Field`. */
export function SelectField({
  label,
  error,
  hint,
  className,
  options,
  required,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & FieldProps & { options: { value: string; label: string }[] }) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      required={required}
      control={(control) => (
        <select {...control} className={selectClass(error, className)} {...select}>
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
