import { useEffect, useEffectEvent, useRef, useState } from 'react'

/**
 * A button's busy state for work that is not a mutation, such as better-auth calls. `start(which)`
 * returns false while work runs, because a second click can land before React redraws the button.
 * Work that leaves the page need not call `done()`: the state resets if Back restores the page.
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
