/**
 * Stored text is shown as text: a book with HTML in its title, author and genre appears literally
 * on every page, and nothing in it runs. A hostile user name is tested in social.spec.ts.
 */
import { type Browser, test } from '@playwright/test'

import { expectShownAsText } from './support/escaping'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

const title = '<img src=x onerror=alert(1)>'
const tag = crypto.randomUUID().slice(0, 8)
const author = `<b onmouseover=alert(1)>Author ${tag}</b>`
const genreName = `<svg onload=alert(1)> ${tag}`

async function contextOf(browser: Browser, role: 'admin' | 'user') {
  return browser.newContext({ storageState: storageStateOf(role) })
}

test.describe('stored text is rendered escaped', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('a hostile book title, author and genre, on every page that shows them', async ({
    browser,
    request,
  }) => {
    const genre = await resultOf<{ id: string }>(
      await callServerFn(request, 'genre--postGenre', 'POST', { name: genreName }),
    )
    const book = await resultOf<{ id: string }>(
      await callServerFn(request, 'book--postBook', 'POST', { title, author, genreId: genre.id }),
    )
    const admin = await contextOf(browser, 'admin')
    const user = await contextOf(browser, 'user')
    const [asAdmin, asUser] = [await admin.newPage(), await user.newPage()]
    await expectShownAsText(asUser, `/app/books?searchTerm=${tag}`, [title, author])
    await expectShownAsText(asUser, `/app/books/${book.id}`, [title, author, genreName])
    await expectShownAsText(asAdmin, `/manager/books?searchTerm=${tag}`, [title, author, genreName])
    await expectShownAsText(asAdmin, `/manager/books/${book.id}`, [title])
    await admin.close()
    await user.close()
  })
})
