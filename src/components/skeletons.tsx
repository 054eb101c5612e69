import type { ReactNode } from 'react'

import { cn } from '~/lib/cn'

import { listLengthOf } from './list-length'
import { Skeleton, type SkeletonShape } from './page-pending'
import { pageBarClass } from './page-header'
import { cardClass } from './ui/card'

/** The shapes of the pages' skeletons. */
/** A title and a few lines, for any page. */
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
  /** A manager list: its bar (title, search, 'New'), column names and as many rows as it showed last. */
  list: ({ rows }) => (
    <>
      <div className={cn(pageBarClass, 'flex flex-wrap items-center gap-x-4 gap-y-2')}>
        <Skeleton className="h-7 w-28" />
        <Skeleton className="order-last h-9 basis-full md:order-none md:max-w-sm md:flex-1" />
        <Skeleton className="ms-auto h-9 w-28" />
      </div>
      <div className={cn(cardClass, 'divide-y divide-border overflow-hidden')}>
        <div className="hidden h-8 bg-muted md:block" />
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex min-h-13 items-center gap-3 px-4 py-2">
            <Skeleton className="h-9 w-6 shrink-0 rounded-sm" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-3.5 w-2/5" />
              <Skeleton className="h-3 w-1/4" />
            </div>
            <Skeleton className="hidden h-3.5 w-1/6 md:block" />
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
} satisfies Record<SkeletonShape, (props: { rows: number }) => ReactNode>

/** A skeleton in the page's shape (a title and lines by default); `path` is the coming page's. */
export default function Skeletons({ shape, path }: { shape?: SkeletonShape; path: string }) {
  const Shape = shape ? shapes[shape] : lines
  return <Shape rows={listLengthOf(path)} />
}
