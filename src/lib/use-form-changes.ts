import { type FormEvent, useState } from 'react'

/**
 * Whether a form's named fields differ from what they started as. The fields stay uncontrolled
 * (what is typed before the page is interactive is kept); the form reports each change.
 */
export function useFormChanges(initial: Record<string, string>) {
  const [changed, setChanged] = useState(false)
  return {
    changed,
    onChange: (event: FormEvent<HTMLFormElement>) => {
      const form = new FormData(event.currentTarget)
      setChanged(Object.entries(initial).some(([name, value]) => (form.get(name) ?? value) !== value))
    },
  }
}

/** A form's text fields by name, as the entity schema expects them. */
export function formValues<Name extends string>(form: HTMLFormElement, names: readonly Name[]) {
  const data = new FormData(form)
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<Name, string>
}
