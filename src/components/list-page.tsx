import type { InfiniteData, QueryKey, UseSuspenseInfiniteQueryOptions } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import { type LucideIcon, Plus, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import type { Namespace } from '@/app.config'
import { cn } from '~/lib/cn'

import type { RowData } from '@tanstack/react-table'

import { DataTable, type ListColumn } from './data-table'
import { ListSearchBox } from './list-search'
import { ListEmpty, type Page, PagedList } from './paged-list'
import { PageHeader } from './page-header'
import { Button, buttonClass } from './ui/button'
import { cardClass } from './ui/card'
import { type ListViewOf, useListView } from './use-list-view'

/**
 * A manager list page. One bar holds the title, the search box, the filters and 'New …'; the rows
 * below are a table sorted by its column headers, with a menu of actions on each row. The search,
 * sort and filters live in the address; while a new view loads, the old rows stay on screen, so
 * the search box never loses its focus or text.
 */
export function ListPage<
  Item extends RowData & { id: string },
  View extends ListViewOf,
  Key extends QueryKey,
>({
  ns,
  newTo,
  view: address,
  list: { sorts, filters: filterNames },
  query,
  columns,
  rowLink,
  rowActions,
  filters,
  emptyIcon,
}: {
  /** The entity's namespace, whose `list.*` keys hold the page's texts. */
  ns: Namespace
  /** Where 'New …' leads; undefined when the viewer may not create. */
  newTo?: LinkProps['to']
  /** The route's search: what the list shows. */
  view: View
  /** The list's sorts (the first by default) and filters, as its server function takes them (`listView`). */
  list: { sorts: readonly [string, ...string[]]; filters: readonly string[] }
  /** The list for a view. */
  query: (
    view: View,
  ) => UseSuspenseInfiniteQueryOptions<Page<Item>, Error, InfiniteData<Page<Item>>, Key, string | undefined>
  columns: Array<ListColumn<Item>>
  /** Where a row leads; a row without a page of its own leads nowhere. */
  rowLink: (item: Item) => LinkProps | undefined
  rowActions?: (item: Item) => ReactNode
  /** The filters' controls (`ListFilter`), given the view and a way to change it. */
  filters?: (view: View, change: (patch: Partial<View>) => void) => ReactNode
  emptyIcon: LucideIcon
}) {
  const { t } = useTranslation([ns, 'common'])
  const { view, change, search, loading, list, narrowed } = useListView({
    view: address,
    filters: filterNames,
    query,
  })
  const newLink = (variant: 'primary' | 'outline') =>
    newTo && (
      <Link to={newTo} className={buttonClass(variant)}>
        <Plus aria-hidden="true" />
        {t('list.new')}
      </Link>
    )
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('list.title')}
        search={
          <div className="flex flex-wrap items-center gap-2">
            <div className="min-w-40 flex-1 md:max-w-72">
              <ListSearchBox ns={ns} search={search} loading={loading} />
            </div>
            {filters && (
              // On a phone the filters share one row, each as wide as the others.
              <div className="flex min-w-0 gap-2 max-sm:w-full max-sm:*:min-w-0 max-sm:*:flex-1">
                {filters(view, change)}
              </div>
            )}
            {/* With only a search term, the search box's own clear button is the one way to clear it. */}
            {filterNames.some((name) => view[name as keyof View]) && (
              <Button
                variant="ghost"
                icon={X}
                onClick={() => change(clearedView(view))}
                className="text-muted-foreground"
              >
                {t('common:list.clearAll')}
              </Button>
            )}
          </div>
        }
        actions={newLink('primary')}
      />
      <PagedList
        list={list}
        empty={<ListEmpty ns={ns} narrowed={narrowed} icon={emptyIcon} action={newLink('outline')} />}
      >
        {(items, rows) => (
          <div aria-busy={loading} className={cn(cardClass, 'overflow-clip', loading && 'opacity-70')}>
            <DataTable
              columns={columns}
              items={items}
              rows={rows}
              sorts={sorts}
              // The header shows the sort asked for at once, while its rows load.
              sort={{ by: view.sort ?? sorts[0], desc: view.desc ?? false }}
              onSort={({ by, desc }) =>
                change({
                  sort: by === sorts[0] && !desc ? undefined : by,
                  desc: desc || undefined,
                } as Partial<View>)
              }
              rowLink={rowLink}
              rowActions={rowActions}
            />
          </div>
        )}
      </PagedList>
    </div>
  )
}

/** The view without its search and filters, its sort kept. */
function clearedView<View extends ListViewOf>(view: View): Partial<View> {
  return Object.fromEntries(
    Object.entries(view).map(([name, value]) => [
      name,
      name === 'sort' || name === 'desc' ? value : undefined,
    ]),
  ) as Partial<View>
}
