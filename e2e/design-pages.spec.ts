/**
 * Pages that must not look broken: the login form where the eye starts on a phone, whole numbers
 * and clear labels in the Arabic chart, cover titles broken between words, the author said once
 * on a book's page, a catalogue of lit covers five across, and an account page that uses the width.
 */
import { expect, type Locator, type Page, test } from '@playwright/test'

import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

const phone = { width: 390, height: 844 }
const laptop = { width: 1280, height: 800 }

/** A new book by a one-off author, to find its name on the page without meeting it elsewhere. */
async function newBook(page: Page, title: string) {
  const stamp = crypto.randomUUID().slice(0, 8)
  const genres = await resultOf<{ id: string }[]>(
    await callServerFn(page.request, 'genre--getGenres', 'GET', { searchTerm: '' }),
  )
  const author = `Ada Whitfield ${stamp}`
  const created = await callServerFn(page.request, 'book--postBook', 'POST', {
    title: `${title} ${stamp}`,
    author,
    genreId: genres[0]?.id,
  })
  expect(created.status()).toBe(200)
  const { id } = await resultOf<{ id: string }>(created)
  return { id, author }
}

/** The drawn covers on the page: the element that carries the spine's colour. */
const coversIn = (page: Page) => page.getByRole('main').locator('[style*="--hue"]')

/** The words of a cover's title that the browser split over two lines or more. */
const wordsSplitIn = (cover: Locator) =>
  cover.evaluate((element) => {
    const title = element.querySelector('[dir="auto"]')!
    const text = title.firstChild as Text
    const split: string[] = []
    for (const match of text.data.matchAll(/\S+/g)) {
      const range = document.createRange()
      range.setStart(text, match.index)
      range.setEnd(text, match.index + match[0].length)
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
      if (tops.size > 1) split.push(match[0])
    }
    return split
  })

test.describe('on a phone', () => {
  test.use({ viewport: phone })

  for (const lng of ['en', 'ar'])
    test(`the login form starts near the top of the screen, not under empty space (${lng})`, async ({
      page,
    }) => {
      await page.goto(`/login?lng=${lng}`)
      const field = page.getByRole('main').getByRole('textbox').first()
      const box = await field.boundingBox()
      // About the first third: it was near the middle (48% in English, 53% in Arabic, where the top
      // bar takes two lines and the title two more).
      expect(box?.y).toBeLessThan(phone.height * 0.35)
    })
})

test.describe('the Arabic dashboard on a phone', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: phone })

  test('numbers stay whole and the chart labels keep clear of their bars', async ({ page }) => {
    await page.goto('/manager/dashboard?lng=ar')
    const chart = page.getByRole('region', { name: 'الكتب حسب النوع' })
    await expect(chart.getByRole('row').first()).toBeVisible()
    // Every number, in the figures and the chart, sits on one line.
    const numbers = await page.getByRole('main').evaluate((main) =>
      [...main.querySelectorAll('dd, td .tabular-nums')].map((element) => ({
        text: element.textContent,
        lines: new Set(
          [...element.getClientRects()].flatMap((rect) => (rect.width > 0 ? [Math.round(rect.top)] : [])),
        ).size,
        height: element.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
      })),
    )
    expect(numbers.length).toBeGreaterThan(4)
    for (const number of numbers) {
      expect(number.lines, number.text ?? '').toBe(1)
      expect(number.height, number.text ?? '').toBeLessThan(number.lineHeight * 1.5)
    }
    // Each genre's name keeps at least 4 px from its bar, on whichever side the bar is.
    const gaps = await chart.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const range = document.createRange()
        range.selectNodeContents(row.querySelector('th')!)
        const name = range.getBoundingClientRect()
        const bar = row.querySelector('td [aria-hidden]')!.getBoundingClientRect()
        return Math.max(bar.left - name.right, name.left - bar.right)
      }),
    )
    expect(gaps.length).toBeGreaterThan(0)
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(4)
    // Every name, Arabic or Latin, starts at the cell's right edge, the start of an Arabic page.
    const starts = await chart.locator('tbody th').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange()
        range.selectNodeContents(cell)
        return Math.round(cell.getBoundingClientRect().right - range.getBoundingClientRect().right)
      }),
    )
    expect(new Set(starts).size, String(starts)).toBe(1)
  })
})

test.describe('book pages', () => {
  test.use({ storageState: storageStateOf('admin') })

  test("a cover's title breaks between words, never inside one, on a phone", async ({ page }) => {
    await page.setViewportSize(phone)
    const book = await newBook(page, 'The Extraordinarily Long Adventures')
    await page.goto(`/app/books/${book.id}`)
    expect(await wordsSplitIn(coversIn(page).first())).toEqual([])
    await page.goto(`/app/books/${book.id}?lng=ar`)
    expect(await wordsSplitIn(coversIn(page).first())).toEqual([])
    await page.goto('/app/books')
    const covers = await coversIn(page).all()
    expect(covers.length).toBeGreaterThan(0)
    for (const cover of covers) expect(await wordsSplitIn(cover)).toEqual([])
    await callServerFn(page.request, 'book--removeBook', 'POST', { id: book.id })
  })

  for (const area of ['app', 'manager'])
    test(`/${area}/books/$id says the author once, outside the cover`, async ({ page }) => {
      const book = await newBook(page, 'Said once')
      for (const viewport of [phone, laptop]) {
        await page.setViewportSize(viewport)
        await page.goto(`/${area}/books/${book.id}`)
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
        // The visible text of the page, without the drawn cover, which is the book's picture.
        const text = await page.getByRole('main').evaluate((main) => {
          const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
          let visible = ''
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement!
            if (parent.closest('[style*="--hue"]') || !parent.checkVisibility()) continue
            visible += ` ${node.textContent}`
          }
          return visible
        })
        expect(text.split(book.author).length - 1, `${area} at ${viewport.width} px`).toBe(1)
      }
      await callServerFn(page.request, 'book--removeBook', 'POST', { id: book.id })
    })
})

test.describe('the catalogue at 1280 px', () => {
  test.use({ storageState: storageStateOf('user'), viewport: laptop })

  test('its first row holds five or six covers', async ({ page }) => {
    await page.goto('/app/books')
    const items = await page.getByRole('main').getByRole('listitem').all()
    const tops = await Promise.all(
      items.slice(0, 12).map(async (item) => Math.round((await item.boundingBox())?.y ?? 0)),
    )
    const first = tops.filter((top) => top === tops[0]).length
    expect(first).toBeGreaterThanOrEqual(5)
    expect(first).toBeLessThanOrEqual(6)
  })

  for (const colorScheme of ['light', 'dark'] as const)
    test(`a drawn cover has depth: a drop shadow and light across it from the binding (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme })
      for (const [lng, from] of [
        ['en', 'right'],
        ['ar', 'left'],
      ]) {
        await page.goto(`/app/books?lng=${lng}`)
        const cover = coversIn(page).first()
        // At least two shadows besides the outline ring: one close, one soft and further out.
        const shadows = await cover.evaluate((element) =>
          getComputedStyle(element)
            .boxShadow.split(/,(?![^(]*\))/)
            .filter((shadow) => !/ 0px 0px 0px /.test(shadow)),
        )
        expect(shadows.length).toBeGreaterThanOrEqual(2)
        const lights = await cover.evaluate((element) =>
          [...element.querySelectorAll('*')].map((part) => getComputedStyle(part).backgroundImage),
        )
        expect(lights.some((light) => light.startsWith(`linear-gradient(to ${from}`))).toBe(true)
      }
    })
})

for (const [role, path] of [
  ['user', '/app/account'],
  ['admin', '/manager/account'],
] as const)
  test.describe(`${path} at 1280 px`, () => {
    test.use({ storageState: storageStateOf(role), viewport: laptop })

    test('uses the width, and starts with who the person is', async ({ page }) => {
      await page.goto(path)
      const identity = page.getByRole('region', { name: 'Your details' })
      const preferences = page.getByRole('region', { name: 'Display preferences' })
      await expect(identity).toBeVisible()
      // The cards span most of the main area's width, where one 576 px column left half of it empty.
      const content = await page.getByRole('main').evaluate((main) => {
        const boxes = [...main.querySelectorAll('section')].map((section) => section.getBoundingClientRect())
        const style = getComputedStyle(main)
        return {
          used: Math.max(...boxes.map((box) => box.right)) - Math.min(...boxes.map((box) => box.left)),
          width:
            main.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        }
      })
      expect(content.used).toBeGreaterThan(content.width * 0.75)
      // Identity comes first, in the document and on screen.
      const follows = await identity.evaluate(
        (element, other) =>
          Boolean(element.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await preferences.elementHandle(),
      )
      expect(follows).toBe(true)
      expect((await identity.boundingBox())!.y).toBeLessThan((await preferences.boundingBox())!.y)
    })
  })

test.describe('the account page on a phone', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: phone })

  for (const lng of ['en', 'ar'])
    test(`the name's and the e-mail's buttons sit alike, under their values (${lng})`, async ({ page }) => {
      await page.goto(`/app/account?lng=${lng}`)
      const details = page.getByRole('main').getByRole('region').first()
      const rows = details.getByRole('term').locator('..')
      await expect(rows).toHaveCount(2)
      const placements = await rows.evaluateAll((elements) =>
        elements.map((row) => {
          const [value, action] = [...row.querySelectorAll('dd')].map((dd) => dd.getBoundingClientRect())
          return { under: action!.top >= value!.bottom, valueLines: Math.round(value!.height / 24) }
        }),
      )
      // Both buttons under their values, and the address on one line: it is not squeezed beside one.
      expect(placements).toEqual([
        { under: true, valueLines: 1 },
        { under: true, valueLines: 1 },
      ])
    })
})
