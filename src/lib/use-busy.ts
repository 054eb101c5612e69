import { useEffect, useEffectEvent, useRef, useState } from 'react'

/**
 * A button's busy state for work that is not a mutation (better-auth's client calls, a
 * navigation after them). `start()` answers false while work runs: the button turns busy only
 * once React redraws it, so a second click or submit can land before and would send a second
 * code or start a second session. `done()` ends it; work that leaves the page need not call it,
 * and the button stays busy until the page goes, or until the Back button brings the page back
 * from the browser's back-forward cache (after a redirect to a provider, say): its work is over.
 *
 * Of several buttons, `start(which)` marks the one pressed: `which` says which, while it runs.
 */
export function useBusy<Which extends string = never>() {
  const running = useRef(false)
  const [work, setWork] = useState<{ which?: Which }>()
  const set = (next: { which?: Which } | undefined) => {
    running.current = next !== undefined
    setWork(next)
  }
  const pageShown = useEffectEvent((event: PageTransitionEvent) => {
    if (event.persisted) set(undefined)
  })
  useEffect(() => {
    const listener = (event: PageTransitionEvent) => pageShown(event)
    window.addEventListener('pageshow', listener)
    return () => window.removeEventListener('pageshow', listener)
  }, [])
  return {
    pending: work !== undefined,
    which: work?.which,
    start(which?: Which) {
      if (running.current) return false
      set({ which })
      return true
    },
    done: () => set(undefined),
  }
}
