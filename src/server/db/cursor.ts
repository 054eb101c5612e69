import '@tanstack/react-start/server-only'
import { z } from 'zod'

import { HttpError } from '~/lib/http-error'
import { zId } from '~/lib/limits'

/**
 * A keyset cursor holding the sort key and id of a page's last row, opaque to the browser. Paging
 * by (key, id) means equal keys never repeat or vanish between pages.
 */
const zCursor = z.object({ key: z.string(), id: zId })
export type Cursor = z.infer<typeof zCursor>

export function encodeCursor(cursor: Cursor) {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

export function decodeCursor(cursor: string): Cursor {
  try {
    return zCursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
  } catch {
    throw new HttpError(400, 'INVALID_CURSOR')
  }
}

/** One page: the first `pageSize` rows (one extra was fetched) and the cursor after them. */
export function pageOf<Row extends { id: string }>(
  rows: Row[],
  pageSize: number,
  keyOf: (row: Row) => string,
) {
  const items = rows.slice(0, pageSize)
  const last = items.at(-1)
  return {
    items,
    nextCursor: rows.length > pageSize && last ? encodeCursor({ key: keyOf(last), id: last.id }) : null,
  }
}
