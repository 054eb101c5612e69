import { cn } from '~/lib/cn'

import { Skeleton } from './page-pending'
import { cardClass } from './ui/card'

/** The shapes of the pages' skeletons. */
/** A title and a few lines: any page. */
function lines() {
  return (
    <>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-full max-w-md" />
      <Skeleton className="h-4 w-full max-w-sm" />
    </>
  )
}

const shapes = {
  /** A manager list: title and 'New', the search box, rows. */
  list: () => (
    <>
      <div className="flex items-center justify-between">
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-10 w-28" />
      </div>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-10 w-full" />
      <div className={cn(cardClass, 'divide-y divide-border')}>
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="flex items-center gap-3 px-4 py-3">
            <Skeleton className="h-13 w-9 shrink-0" />
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="ms-auto hidden h-4 w-1/5 md:block" />
          </div>
        ))}
      </div>
    </>
  ),
  /** A grid of book covers. */
  grid: () => (
    <>
      <Skeleton className="h-8 w-32" />
      <div className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2">
            <Skeleton className="aspect-[2/3] w-full" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    </>
  ),
  /** One book or person: the way back, a picture, a title and its details. */
  detail: () => (
    <>
      <Skeleton className="h-4 w-24" />
      <div className="flex flex-col gap-6 sm:flex-row">
        <Skeleton className="aspect-[2/3] w-36 self-center sm:w-48 sm:self-start" />
        <div className="flex flex-1 flex-col gap-4">
          <Skeleton className="h-8 w-3/5" />
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-28 w-full" />
        </div>
      </div>
    </>
  ),
  /** The dashboard: four figures and two panels. */
  dashboard: () => (
    <>
      <Skeleton className="h-8 w-40" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </>
  ),
} as const

/** Which shape each route's page has; a page not named here gets a title and a few lines. */
const shapeOf: Record<string, keyof typeof shapes> = {
  '/app/': 'grid',
  '/app/books/': 'grid',
  '/app/books/$id/': 'detail',
  '/manager/dashboard/': 'dashboard',
  '/manager/books/': 'list',
  '/manager/books/$id/': 'detail',
  '/manager/users/': 'list',
  '/manager/users/$id/': 'detail',
}

/** The blocks of the page of `routeId`, in its shape (loaded with the first slow page). */
export default function Skeletons({ routeId }: { routeId?: string }) {
  const shape = routeId ? shapeOf[routeId] : undefined
  const Shape = shape ? shapes[shape] : lines
  return <Shape />
}
