import { useEffect, useRef, useState } from 'react'

/**
 * A button's busy state for work that is not a mutation (better-auth's client calls, a
 * navigation after them). `start()` answers false while work runs: the button turns busy only
 * once React redraws it, so a second click or submit can land before and would send a second
 * code or start a second session. `done()` ends it; work that leaves the page need not call it,
 * and the button stays busy until the page goes. (Mutations: `useMutateOnce`.)
 *
 * Of several buttons, `start(which)` marks the one pressed: `work` says which, while it runs.
 */
export function useBusy<Which extends string = never>() {
  const running = useRef(false)
  const [work, setWork] = useState<Which | true>()
  const set = (next: Which | true | undefined) => {
    running.current = next !== undefined
    setWork(next)
  }
  // A page left busy (a redirect to a provider, say) and brought back by the Back button from the
  // browser's back-forward cache is the page as it was left: its work is over.
  useEffect(() => {
    const pageShown = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      running.current = false
      setWork(undefined)
    }
    window.addEventListener('pageshow', pageShown)
    return () => window.removeEventListener('pageshow', pageShown)
  }, [])
  return {
    pending: work !== undefined,
    work,
    start(which?: Which) {
      if (running.current) return false
      set(which ?? true)
      return true
    },
    done: () => set(undefined),
  }
}
