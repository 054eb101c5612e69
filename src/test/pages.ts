/**
 * Every page of a cursor-paged list, first to last: `read` is asked for the first page, then for
 * each page's next cursor until there is none. Stops after `maxPages`, so a cursor that never
 * ends fails the test's assertions instead of looping.
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
