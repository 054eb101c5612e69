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
