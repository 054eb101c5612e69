import type { ExternalToast } from 'sonner'

let listening: () => void
const toasterListens = new Promise<void>((resolve) => {
  listening = resolve
})

/** Said by the Toaster once it listens: toasts asked for before then wait for it. */
export function toasterListening() {
  listening()
}

const show =
  (kind: 'success' | 'error') =>
  (message: string, options?: ExternalToast): void => {
    void toasterListens.then(() => import('sonner')).then(({ toast }) => toast[kind](message, options))
  }

/**
 * sonner's toasts, through the Toaster the root loads after the page (sonner's code, some 9 KB
 * gzipped, is not needed to show a page, only to tell of what the visitor then does).
 */
export const toast = { success: show('success'), error: show('error') }
