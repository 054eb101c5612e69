import {
  type InfiniteData,
  type QueryKey,
  type UseSuspenseInfiniteQueryOptions,
  useSuspenseInfiniteQuery,
} from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useDeferredValue, useMemo } from 'react'

import { useListSearch } from './list-search'
import type { Page } from './paged-list'

/** What a list shows, as its address holds it (`listView`): a search term, a sort and filters. */
export type ListViewOf = { searchTerm: string; sort?: string; desc?: boolean }

/**
 * A list's view kept in the address, as a list page (the manager's table, the app's grid) shows it:
 * the view read from the route's search, `change` to move to another (replacing the address, as
 * typing does), the search box's state, and the rows of the view. While a new view loads, the
 * rows of the old one stay (`loading` says so), so the search box never loses its focus or text.
 */
export function useListView<Item, View extends ListViewOf, Key extends QueryKey>({
  view: address,
  filters,
  query,
}: {
  /** The route's search, which may hold more than the list's view (such as the page's language). */
  view: View
  /** The names of the list's filters (`listView(…).filters`). */
  filters: readonly string[]
  /** The list for a view. */
  query: (
    view: View,
  ) => UseSuspenseInfiniteQueryOptions<Page<Item>, Error, InfiniteData<Page<Item>>, Key, string | undefined>
}) {
  const navigate = useNavigate()
  const change = useCallback(
    (patch: Partial<View>) =>
      void navigate({
        to: '.',
        // The search of the list's own route, whose type this hook, shared by every list, cannot name.
        search: (previous: unknown) => ({ ...(previous as View), ...patch }) as never,
        replace: true,
      }),
    [navigate],
  )
  const onSearch = useCallback((searchTerm: string) => change({ searchTerm } as Partial<View>), [change])
  const view = useMemo(
    () =>
      Object.fromEntries(
        ['searchTerm', 'sort', 'desc', ...filters].map((name) => [name, address[name as keyof View]]),
      ) as unknown as View,
    [address, filters],
  )
  const search = useListSearch(view.searchTerm, onSearch)
  const shown = useDeferredValue(view)
  return {
    view,
    change,
    search,
    /** Whether the rows shown are still those of the view before. */
    loading: JSON.stringify(shown) !== JSON.stringify(view),
    list: useSuspenseInfiniteQuery(query(shown)),
    /** Whether the rows shown are searched or filtered, rather than all of them. */
    narrowed: Object.entries(shown).some(([name, value]) => name !== 'sort' && name !== 'desc' && value),
  }
}
