/** The code every refusal of demo mode carries, on server functions and on /api/auth alike. */
export const DEMO_MODE_CODE = 'DEMO_MODE'

/** Whether an error (a server function's HttpError or a better-auth client error) is demo mode's refusal. */
export function isDemoRefusal(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code?: unknown }).code === DEMO_MODE_CODE
  )
}

// The 'Demo Mode' dialog's one global state: open or closed.
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

/**
 * Opens the 'Demo Mode' dialog when `error` is the server's demo-mode refusal, and says whether
 * it was, so the caller shows nothing else.
 */
export function showDemoDialogFor(error: unknown): boolean {
  if (!isDemoRefusal(error)) return false
  demoDialog.setOpen(true)
  return true
}
