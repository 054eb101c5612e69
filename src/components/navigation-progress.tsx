import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { cn } from '~/lib/cn'

/**
 * A thin bar along the top of the window while a page takes longer than `progressMs` to load, said
 * politely to screen readers; it fills and fades once the page shows.
 */
export function NavigationProgress() {
  const { t } = useTranslation('common')
  const loading = useRouterState({ select: (state) => state.isLoading })
  const delay = appConfig.router.progressMs
  // Whether the current load has outlasted the delay, and whether the bar is fading after one.
  const [waited, setWaited] = useState(false)
  const [finishing, setFinishing] = useState(false)
  const [wasLoading, setWasLoading] = useState(loading)
  if (loading !== wasLoading) {
    setWasLoading(loading)
    if (!loading) {
      setFinishing(waited)
      setWaited(false)
    }
  }

  useEffect(() => {
    if (!loading) return
    const timer = setTimeout(() => setWaited(true), delay)
    return () => clearTimeout(timer)
  }, [loading, delay])

  useEffect(() => {
    if (!finishing) return
    const timer = setTimeout(() => setFinishing(false), 300)
    return () => clearTimeout(timer)
  }, [finishing])

  const shown = loading && waited
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      {(shown || finishing) && (
        <div
          aria-hidden="true"
          className={cn(
            'h-0.5 origin-left bg-primary rtl:origin-right',
            shown
              ? 'animate-navigation-progress motion-reduce:animate-none'
              : 'opacity-0 transition-opacity duration-300',
          )}
        />
      )}
      {shown && <span className="sr-only">{t('loadingPage')}</span>}
    </div>
  )
}
