import { useMatch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

// The pages' shapes (skeletons.tsx) come with the first slow page, not with every first load.
const Skeletons = lazy(() => import('./skeletons'))

/** A grey block standing for text or a picture while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} />
}

/**
 * Shown inside the layout while a page's data is slow to come (after 1 s, for at least 0.5 s;
 * app.config.ts), announced as loading: blocks shaped like the page that is coming.
 */
export function PagePending() {
  const { t } = useTranslation('common')
  // The pending component is drawn in the place of the route it stands for.
  const routeId = useMatch({ strict: false, select: (match) => match.routeId })
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{t('loading')}</span>
      <Suspense>
        <Skeletons routeId={routeId} />
      </Suspense>
    </div>
  )
}
