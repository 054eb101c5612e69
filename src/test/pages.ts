/**
 * Reads every page of a cursor-paged list by following each next cursor. Stops after `maxPages`, so
 * a cursor that never ends fails the test instead of looping forever.
 */
export async function everyPage<Page extends { nextCursor: string | null }>(
  read: (cursor: string | undefined) => Promise<Page>,
  maxPages = 1000,
): Promise<Page[]> {
  const pages: Page[] = []
  let cursor: string | undefined
  do {
    const page = await read(cursor)
    pages.push(page)
    cursor = page.nextCursor ?? undefined
  } while (cursor && pages.length < maxPages)
  return pages
}
