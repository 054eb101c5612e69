import { useMatch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

// The skeleton shapes load with the first slow page, not with every first load.
const Skeletons = lazy(() => import('./skeletons'))

/** A grey block standing for text or a picture while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-skeleton', className)} />
}

/** The skeleton shapes a route can ask for with `staticData: { skeleton }`. */
export type SkeletonShape = 'list' | 'grid' | 'detail' | 'dashboard'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's skeleton shape while it loads; a title and a few lines when unset. */
    skeleton?: SkeletonShape
  }
}

/** A skeleton of the coming page, shown inside the layout when its data is slow and announced as loading. */
export function PagePending() {
  const { t } = useTranslation('common')
  // The pending component renders in place of its route.
  const { shape, path } = useMatch({
    strict: false,
    select: (match) => ({ shape: match.staticData.skeleton, path: match.pathname }),
  })
  return (
    <div role="status" className="flex flex-col gap-4">
      {/* The page's one heading until the page itself arrives with its own. */}
      <h1 className="sr-only">{t('loading')}</h1>
      {/* A title's bar until the shapes' code arrives, so the page never shows an empty box. */}
      <Suspense fallback={<Skeleton className="h-8 w-48" />}>
        <Skeletons shape={shape} path={path} />
      </Suspense>
    </div>
  )
}
