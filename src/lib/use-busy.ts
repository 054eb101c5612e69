import { useRef, useState } from 'react'

/**
 * A button's busy state for work that is not a mutation (better-auth's client calls, a
 * navigation after them). `start()` answers false while work runs: the button turns busy only
 * once React redraws it, so a second click or submit can land before and would send a second
 * code or start a second session. `done()` ends it; work that leaves the page need not call it,
 * and the button stays busy until the page goes. (Mutations: `useMutateOnce`.)
 */
export function useBusy() {
  const running = useRef(false)
  const [pending, setPending] = useState(false)
  const set = (next: boolean) => {
    running.current = next
    setPending(next)
  }
  return {
    pending,
    start() {
      if (running.current) return false
      set(true)
      return true
    },
    done: () => set(false),
  }
}
