import { Link, type LinkProps } from '@tanstack/react-router'
import {
  type CellData,
  type ColumnDef,
  type RowData,
  type TableFeatures,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the names must match TanStack's.
  interface ColumnMeta<TFeatures extends TableFeatures, TData extends RowData, TValue extends CellData> {
    /** Classes of the column's cells, such as hidden on a phone. */
    className?: string
    /** A first click sorts this column in descending order (newest first, for a date). */
    descFirst?: boolean
  }
}

/**
 * The table lays out columns and cells; the database sorts, so the sort is the caller's (kept in
 * the address) and no sorting feature of TanStack Table's runs in the browser.
 */
const features = tableFeatures({})

/** A column of a manager list, its `id` the name the list's server function sorts by. */
export type ListColumn<Item extends RowData> = ColumnDef<typeof features, Item> & { id: string }

/** A list's sort: the column and whether descending. */
export interface TableSort {
  by: string
  desc: boolean
}

/**
 * A manager list's rows as a table (TanStack Table, headless): a header row that stays under the
 * page bar while the page scrolls, sortable column headers (`sorts` names the columns the database
 * sorts by; the sort is the caller's, kept in the address), each row a link to its item across its
 * whole width (through its first cell), and a menu of the row's actions at its end.
 */
export function DataTable<Item extends RowData & { id: string }>({
  columns,
  items,
  sorts,
  sort,
  onSort,
  rowLink,
  rowActions,
  rows,
}: {
  columns: Array<ListColumn<Item>>
  items: Item[]
  sorts: readonly string[]
  sort: TableSort
  onSort: (sort: TableSort) => void
  /** Where a row leads; a row without a page of its own leads nowhere. */
  rowLink: (item: Item) => LinkProps | undefined
  rowActions?: (item: Item) => ReactNode
  /** The table's body, whose rows the list moves the focus into after loading more. */
  rows?: Ref<HTMLTableSectionElement>
}) {
  const { t } = useTranslation('common')
  const table = useTable({ features, data: items, columns, getRowId: (item) => item.id })
  return (
    <table className={tableClass}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const { id, columnDef } = header.column
              const sorted = sort.by === id && (sort.desc ? 'desc' : 'asc')
              const label = draw(columnDef.header, header.getContext())
              const Arrow = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={cn(headerCellClass, columnDef.meta?.className)}
                >
                  {sorts.includes(id) ? (
                    <button
                      type="button"
                      // The sorted column turns around; another starts in its own first direction.
                      onClick={() =>
                        onSort({ by: id, desc: sorted ? !sort.desc : Boolean(columnDef.meta?.descFirst) })
                      }
                      className={cn(
                        '-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 hover:bg-card hover:text-foreground',
                        sorted && 'text-foreground',
                      )}
                    >
                      {label}
                      <Arrow aria-hidden="true" className={cn('size-3.5', !sorted && 'opacity-50')} />
                    </button>
                  ) : (
                    label
                  )}
                </th>
              )
            })}
            {rowActions && (
              <th scope="col" className={cn(headerCellClass, 'w-12')}>
                <span className="sr-only">{t('list.actions')}</span>
              </th>
            )}
          </tr>
        ))}
      </thead>
      <tbody ref={rows}>
        {table.getRowModel().rows.map((row) => {
          const link = rowLink(row.original)
          return (
            // The first cell's link covers the whole row, so any of it opens the item; the actions
            // menu sits above that link.
            <tr key={row.id}>
              {row.getAllCells().map((cell, index) => (
                <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                  {index === 0 && link ? (
                    <Link {...link} className="stretched-link">
                      {draw(cell.column.columnDef.cell, cell.getContext())}
                    </Link>
                  ) : (
                    draw(cell.column.columnDef.cell, cell.getContext())
                  )}
                </td>
              ))}
              {rowActions && <td className="actions">{rowActions(row.original)}</td>}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/**
 * A column's header or cell, its function called rather than mounted as a component (which
 * TanStack's `flexRender` does): columns written inside a page, with its `t`, would otherwise be a
 * new component on every render and remount every cell. A cell that needs hooks renders one.
 */
function draw<Context>(content: string | ((context: Context) => ReactNode) | undefined, context: Context) {
  return typeof content === 'function' ? content(context) : content
}

/**
 * Under the top bar and the page bar, whose height the page bar keeps in `--page-bar-height`, and
 * above the rows' menus (z-10) that scroll under it. Its line is 16 px in every language, so a
 * larger font does not make the row taller.
 */
const headerCellClass =
  'sticky top-[calc(3.5rem+var(--page-bar-height,0px))] z-15 border-b border-border bg-muted px-4 py-2 text-start text-xs leading-4 font-medium whitespace-nowrap text-muted-foreground first:rounded-ss-lg last:rounded-se-lg'

/**
 * The body's cells are styled from the table, once rather than on each of them: a row is a line
 * above the next, lit under the pointer, and positions its first cell's link over its whole width;
 * the cells after the first are muted, and the actions' cell stands above that link.
 * The first cell's link is a grid whose one column may shrink to nothing: the cell asks for the
 * width of its text but needs none, so a long name or e-mail is cut inside it rather than widening
 * the table and pushing the row's menu out of view.
 */
const tableClass =
  'w-full border-separate border-spacing-0 text-sm [&_tbody_td]:px-4 [&_tbody_td]:py-2 [&_tbody_td]:align-middle [&_tbody_td:first-child>a]:grid [&_tbody_td:first-child>a]:grid-cols-[minmax(0,1fr)] [&_tbody_td+td]:text-muted-foreground [&_td.actions]:relative [&_td.actions]:z-10 [&_td.actions]:w-12 [&_td.actions]:py-0 [&_td.actions]:pe-2 [&_tbody_tr]:relative [&_tbody_tr:hover]:bg-muted [&_tbody_tr:not(:last-child)>td]:border-b [&_tbody_tr:not(:last-child)>td]:border-border'
