import { createFormHook, createFormHookContexts, type StandardSchemaV1, useStore } from '@tanstack/react-form'
import {
  type ComponentType,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useCallback,
} from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod/mini'

import { Field, type FieldProps, TextareaField as TextareaFieldControl } from './field'
import { SelectField } from './select-field'

/**
 * Every form's state, on TanStack Form: the entity's zod schema checks the values as they change,
 * a field shows its first message once it was left or the form submitted (and from then on
 * follows the typing), and the server's refusals land under their field or above the form.
 */
const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

/** A message of the schema or the server: a translation key; a limit's message gets its figure. */
type Message = string | { message: string; maximum?: unknown } | undefined

/** A message in the reader's language ('At most 300 characters'). */
export function useMessage() {
  const { t } = useTranslation()
  return (message: Message) => {
    if (message === undefined) return undefined
    return typeof message === 'string' ? t(message) : t(message.message, { max: message.maximum })
  }
}

/** The bound field's message, once it is the person's to read: after they left it or submitted. */
export function useFieldError() {
  const field = useFieldContext<unknown>()
  const submitted = useStore(field.form.store, (form) => form.submissionAttempts > 0)
  const translate = useMessage()
  const { isBlurred, errors } = field.state.meta
  return isBlurred || submitted ? translate(errors[0] as Message) : undefined
}

/** The bound field's own handlers: leaving it checks it, so its message shows at once. */
export function useFieldHandlers<Value>() {
  const field = useFieldContext<Value>()
  return {
    field,
    onChange: (value: Value) => field.handleChange(value),
    onBlur: () => {
      field.handleBlur()
      void field.validate('change')
    },
  }
}

type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'
> &
  Omit<FieldProps, 'error'>

function TextField(props: TextFieldProps) {
  const { field, onChange, onBlur } = useFieldHandlers<string>()
  // What was typed before the page hydrated (the server's HTML takes typing at once) is the
  // field's value: React keeps it in the box as it hydrates, but would replace it at the next
  // redraw with the form's empty value, and a submit pressed meanwhile would find it empty.
  const keepTyped = useCallback(
    (input: HTMLInputElement | null) => {
      if (input && input.value !== field.state.value) field.handleChange(input.value)
    },
    [field],
  )
  return (
    <Field
      {...props}
      ref={keepTyped}
      name={field.name}
      value={field.state.value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={useFieldError()}
    />
  )
}

/** What a bound text control takes from its field: name, value, handlers and its message. */
function useBoundControl() {
  const { field, onChange, onBlur } = useFieldHandlers<string>()
  return {
    name: field.name,
    value: field.state.value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onBlur,
    error: useFieldError(),
  }
}

/** A multi-line text field bound to the form (a description, notes). */
function TextareaField(
  props: Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'
  > &
    Omit<FieldProps, 'error'>,
) {
  const bound = useBoundControl()
  return <TextareaFieldControl {...props} {...bound} />
}

function Select(
  props: Omit<FieldProps, 'error'> & {
    options: { value: string; label: string }[]
    disabled?: boolean
    required?: boolean
  },
) {
  const bound = useBoundControl()
  return <SelectField {...props} {...bound} />
}

/** The form's own message (a refusal about the whole form), above its fields. */
function FormAlert() {
  const form = useFormContext()
  const message = useStore(form.store, (state) => state.errorMap.onServer as Message)
  const translate = useMessage()
  if (!message) return null
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive-text/30 bg-destructive-soft px-3 py-2 text-destructive-text"
    >
      {translate(message)}
    </p>
  )
}

const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField, Select },
  formComponents: { FormAlert },
})

/**
 * A form over `schema`'s values: `onSubmit` gets them parsed (trimmed, transformed), only when
 * every field is valid. `form.showServerErrors` puts a refusal's messages in place.
 */
export function useSchemaForm<
  Schema extends z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>,
>({
  schema,
  defaultValues,
  onSubmit,
}: {
  schema: Schema
  defaultValues: z.input<Schema>
  onSubmit: (values: z.output<Schema>) => unknown
}) {
  const form = useAppForm({
    defaultValues,
    validators: { onChange: schema as StandardSchemaV1<z.input<Schema>, unknown> },
    onSubmit: ({ value }) => onSubmit(z.parse(schema, value)),
  })
  /** Whether anything differs from what the form started with (for the leave-page guard). */
  const changed = useStore(form.store, (state) => !state.isDefaultValue)
  return Object.assign(form, {
    changed,
    /** Messages by field name; `form` is the one above the form. They go at the next change. */
    showServerErrors({ form: formMessage, ...fields }: Record<string, string>) {
      // The server's messages sit in the map TanStack Form keeps for them (`onServer`), which it
      // clears as a field next changes; the form's options leave its type undeclared.
      const setErrorMap = form.setErrorMap as unknown as (map: {
        onServer: { form?: string; fields: Record<string, string> }
      }) => void
      setErrorMap({ onServer: { form: formMessage, fields } })
    },
    /** The submit handler for `<form onSubmit>`. */
    onFormSubmit(event: FormEvent) {
      event.preventDefault()
      void form.handleSubmit()
    },
  })
}

/** A form element over `form`, its fields and buttons inside: browser validation is off. */
export function SchemaForm({
  form,
  className,
  children,
}: {
  form: { onFormSubmit: (event: FormEvent) => void; AppForm: ComponentType<{ children?: ReactNode }> }
  className?: string
  children: ReactNode
}) {
  return (
    <form className={className ?? 'flex flex-col gap-4'} noValidate onSubmit={form.onFormSubmit}>
      <form.AppForm>{children}</form.AppForm>
    </form>
  )
}
