import { type LinkProps, useRouter } from '@tanstack/react-router'
import { type ReactNode, useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'
import { loadNamespaces, namespacesOf } from '~/lib/i18n'

import { listLengthOf } from './list-length'
import { itemsClass } from './paged-list'
import { type FrameProps, PageFrame, Skeleton, type SkeletonShape } from './page-pending'
import { type Crumb, PageHeader } from './page-header'
import { cardClass } from './ui/card'

/** An entry of an area's navigation, whose label titles its page's frame. */
export interface FrameEntry {
  to: LinkProps['to']
  /** The entry's label, a translation key. */
  key: string
  /** False for a page whose heading is not its label (a home page that greets by name). */
  titled?: boolean
}

/**
 * The frame of a page while it loads: its title (its navigation entry's label, or below an entry
 * that entry as the breadcrumb and a bar for the title), its bar, and placeholders shaped like its
 * content. Drawn from what the browser already has, so it shows at once.
 */
export function PageFrameOf({ shape, path, entries = [] }: FrameProps & { entries?: readonly FrameEntry[] }) {
  const { t } = useTranslation('common')
  const address = path.replace(/\/+$/, '')
  const own = entries.find((entry) => entry.to === address)
  // The deepest entry above the page, such as 'Books' above a book.
  const above = own
    ? undefined
    : entries
        .filter((entry) => entry.to && address.startsWith(`${entry.to}/`))
        .sort((a, b) => String(b.to).length - String(a.to).length)[0]
  const title =
    own && own.titled !== false ? (
      t(own.key)
    ) : (
      <>
        <span className="sr-only">{t('loading')}</span>
        <Skeleton as="span" className="inline-block h-6 w-48 max-w-full align-middle" />
      </>
    )
  const parents: Crumb[] = above ? [{ to: above.to, label: t(above.key) }] : []
  const Shape = shape ? shapes[shape] : lines
  return <Shape header={(bar) => <PageHeader title={title} parents={parents} {...bar} />} path={address} />
}

/**
 * Around an area's pages (those under `area`): their frames show at once while they load, titled
 * from the area's navigation. The router waits for a page's texts before it can show anything, so
 * the texts of every page in the area load once the browser is idle.
 */
export function AreaFrames({
  area,
  entries,
  children,
}: {
  area: string
  entries: readonly FrameEntry[]
  children: ReactNode
}) {
  const router = useRouter()
  const { i18n } = useTranslation()
  useEffect(() => {
    const routes = Object.values(router.routesById).filter((route) =>
      `${route.fullPath}/`.startsWith(`${area}/`),
    )
    const namespaces = namespacesOf(routes.map((route) => route.options))
    // A failure here is no matter: a page that needs the texts loads them again.
    const load = () => void loadNamespaces(namespaces).catch(() => {})
    if (!('requestIdleCallback' in window)) return void setTimeout(load, 200)
    const idle = requestIdleCallback(load)
    return () => cancelIdleCallback(idle)
  }, [router, area, i18n.language])
  const drawFrame = useCallback(
    (frame: FrameProps) => <PageFrameOf {...frame} entries={entries} />,
    [entries],
  )
  return <PageFrame value={drawFrame}>{children}</PageFrame>
}

/** The frame outside the signed-in areas, whose navigation it does not know. */
export default function Skeletons(props: FrameProps) {
  return <PageFrameOf {...props} />
}

type Header = (bar?: { search?: ReactNode; actions?: ReactNode; description?: ReactNode }) => ReactNode

/** A title and a few lines, for any page. */
function lines({ header }: { header: Header }) {
  return (
    <>
      {header()}
      <Skeleton className="h-4 w-full max-w-md" />
      <Skeleton className="h-4 w-full max-w-sm" />
    </>
  )
}

const searchBox = <Skeleton className="h-9 w-full md:max-w-72" />
const button = <Skeleton className="h-9 w-28" />

const shapes = {
  /** A manager list: its bar, the table's header row, and as many rows as it showed last, as tall. */
  list: ({ header, path }) => {
    const { rows, rowHeight } = listLengthOf(path)
    return (
      <>
        {header({ search: searchBox, actions: button })}
        <div className={cn(cardClass, 'overflow-clip')}>
          {/* As tall as the table's header row, whose sort buttons make it 36 px and a line. */}
          <div className="sticky top-[calc(3.5rem+var(--page-bar-height,0px))] box-content h-9 border-b border-border bg-muted" />
          <div className="divide-y divide-border">
            {Array.from({ length: rows }, (_, index) => (
              <div
                key={index}
                data-skeleton-row
                className="flex items-center gap-3 px-4"
                style={{ height: rowHeight }}
              >
                <Skeleton className="h-3.5 w-2/5" />
                <Skeleton className="ms-auto hidden h-3.5 w-1/6 md:block" />
                <Skeleton className="hidden h-3.5 w-1/6 md:block" />
              </div>
            ))}
          </div>
        </div>
      </>
    )
  },
  /** The catalogue: its bar (search and sort), the genres' chips and a grid of covers. */
  grid: ({ header }) => (
    <>
      {header({ search: searchBox, actions: button })}
      <div className="flex gap-2 overflow-hidden">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-20 shrink-0 rounded-full" />
        ))}
      </div>
      <Covers count={10} />
    </>
  ),
  /** A heading over a row of covers, as on the app's home. */
  covers: ({ header }) => (
    <div className="flex flex-col gap-8">
      {header()}
      <div className="flex flex-col gap-4">
        <Skeleton className="h-6 w-40" />
        <Covers count={5} />
      </div>
    </div>
  ),
  /** One book or person: a picture, and its details. */
  detail: ({ header }) => (
    <>
      {header()}
      <div className="flex flex-col gap-6 sm:flex-row">
        <Skeleton className="aspect-[2/3] w-36 self-center sm:w-48 sm:self-start" />
        <div className="flex flex-1 flex-col gap-4">
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-28 w-full" />
        </div>
      </div>
    </>
  ),
  /** The dashboard: its subtitle and period, four figures and two panels. */
  dashboard: ({ header }) => (
    <div className="flex flex-col gap-6">
      {header({
        actions: <Skeleton className="h-9 w-54" />,
        description: <Skeleton as="span" className="my-0.5 block h-4 w-64 max-w-full" />,
      })}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-45" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Skeleton className="h-88" />
        <Skeleton className="h-88" />
      </div>
    </div>
  ),
} satisfies Record<SkeletonShape, (props: { header: Header; path: string }) => ReactNode>

function Covers({ count }: { count: number }) {
  return (
    <div className={itemsClass.grid}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-col gap-2.5">
          <Skeleton className="aspect-[2/3] w-full" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  )
}
