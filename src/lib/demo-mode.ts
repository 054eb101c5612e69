/** The error code of every demo-mode refusal, from server functions and /api/auth alike. */
export const DEMO_MODE_CODE = 'DEMO_MODE'

/** Whether an error from a server function or better-auth is a demo-mode refusal. */
export function isDemoRefusal(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code?: unknown }).code === DEMO_MODE_CODE
  )
}

// Whether the 'Demo mode' dialog is open; one state for the whole app.
let open = false
const listeners = new Set<() => void>()

export const demoDialog = {
  isOpen: () => open,
  setOpen(next: boolean) {
    open = next
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
}

/** Opens the 'Demo mode' dialog for a demo-mode refusal and returns true, so the caller shows no more. */
export function showDemoDialogFor(error: unknown): boolean {
  if (!isDemoRefusal(error)) return false
  demoDialog.setOpen(true)
  return true
}
