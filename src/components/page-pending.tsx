import { useMatch } from '@tanstack/react-router'
import { createContext, lazy, type ReactNode, Suspense, use, useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

// Outside the signed-in areas the frame's shapes load with the first slow page, not with every first load.
const Skeletons = lazy(() => import('./skeletons'))

/** A grey block standing for text or a picture while it loads; a `span` (with `block`) inside text. */
export function Skeleton({ className, as: Tag = 'div' }: { className?: string; as?: 'div' | 'span' }) {
  return <Tag aria-hidden="true" className={cn('animate-pulse rounded-md bg-skeleton', className)} />
}

/** The skeleton shapes a route can ask for with `staticData: { skeleton }`. */
export type SkeletonShape = 'list' | 'grid' | 'covers' | 'detail' | 'dashboard'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's skeleton shape while it loads; a title and a few lines when unset. */
    skeleton?: SkeletonShape
  }
}

/** What a frame is drawn from: the coming page's shape and address. */
export interface FrameProps {
  shape?: SkeletonShape
  path: string
}

/**
 * How the area around the page draws a coming page's frame. Each signed-in area's layout sets it,
 * with its code and its navigation at hand, so the frame shows at once whatever the network.
 */
export const PageFrame = createContext<((frame: FrameProps) => ReactNode) | null>(null)

/** The frame of the coming page, shown inside the layout while it loads and announced as loading. */
export function PagePending() {
  const { t } = useTranslation('common')
  const drawFrame = use(PageFrame)
  // The pending component renders in place of its route.
  const { shape, path } = useMatch({
    strict: false,
    select: (match) => ({ shape: match.staticData.skeleton, path: match.pathname }),
  })
  useLayoutEffect(() => {
    // The page left is hidden while the frame stands in, so the window scrolls up to the frame's
    // height. That scroll is the frame's: the router would keep it as the page left's place, and
    // going back before the coming page arrives would land at the top instead of where one was.
    const ignore = (event: Event) => event.target === document && event.stopImmediatePropagation()
    window.addEventListener('scroll', ignore, true)
    return () => window.removeEventListener('scroll', ignore, true)
  }, [])
  return (
    <div data-frame aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      {drawFrame ? (
        drawFrame({ shape, path })
      ) : (
        // The page's one heading and a title's bar until the shapes' code arrives.
        <Suspense
          fallback={
            <>
              <h1 className="sr-only">{t('loading')}</h1>
              <Skeleton className="h-8 w-48" />
            </>
          }
        >
          <Skeletons shape={shape} path={path} />
        </Suspense>
      )}
    </div>
  )
}
