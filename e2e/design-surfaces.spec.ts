/**
 * Surfaces and bars: the page is a shade behind its cards in either theme, the bars that stay in
 * view are solid so rows never show through them, and the dark theme's primary button is a solid
 * fill with light text, as in light.
 */
import { expect, type Locator, type Page, test } from '@playwright/test'

import { waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

const laptop = { width: 1280, height: 800 }
const phone = { width: 390, height: 844 }

/** An element's computed background colour as red, green, blue and alpha. */
const backgroundOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const [r = 0, g = 0, b = 0, a = 1] = (
      getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []
    ).map(Number)
    return { r, g, b, a }
  })

/** The relative luminance of an sRGB colour. */
function luminance({ r, g, b }: { r: number; g: number; b: number }) {
  const [red = 0, green = 0, blue = 0] = [r, g, b].map((value) => {
    const channel = value / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}

const contrast = (first: number, second: number) =>
  (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05)

/** The text colour of an element, as its luminance. */
const textLuminance = async (locator: Locator) => {
  const color = await locator.evaluate((element) => getComputedStyle(element).color)
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number)
  return luminance({ r, g, b })
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
}

test.use({ storageState: storageStateOf('admin'), viewport: laptop })

for (const colorScheme of ['light', 'dark'] as const)
  test(`the page is a shade behind its cards (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme })
    await open(page, '/manager/dashboard')
    const body = await backgroundOf(page.locator('body'))
    const card = await backgroundOf(page.getByRole('region', { name: 'Books per genre' }))
    // Darker than the cards, by a step one sees.
    expect(luminance(body)).toBeLessThan(luminance(card))
    expect(contrast(luminance(body), luminance(card))).toBeGreaterThanOrEqual(1.04)
    if (colorScheme === 'light') {
      expect(card).toEqual({ r: 255, g: 255, b: 255, a: 1 })
      // Grey, not tinted with a hue.
      expect(Math.max(body.r, body.g, body.b) - Math.min(body.r, body.g, body.b)).toBeLessThanOrEqual(2)
    }
  })

test('the bars that stay in view are solid, so the rows never show through them', async ({ page }) => {
  await open(page, '/manager/books')
  await page.mouse.wheel(0, 600)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
  for (const bar of [
    page.getByRole('banner'),
    page.locator('[data-page-bar]'),
    page.getByRole('columnheader', { name: 'Title' }),
  ]) {
    expect((await backgroundOf(bar)).a).toBe(1)
    expect(await bar.evaluate((element) => getComputedStyle(element).backdropFilter)).toBe('none')
  }
  // Nothing of the rows scrolled under the header row is drawn over it, their menus included. (Its
  // cells stick, not the row, so the cells give where it is drawn.)
  const cells = page.getByRole('main').getByRole('columnheader')
  const first = await cells.first().boundingBox()
  const last = await cells.last().boundingBox()
  expect(first && last).toBeTruthy()
  const [start, end] = [Math.min(first!.x, last!.x), Math.max(first!.x + first!.width, last!.x + last!.width)]
  for (const share of [0.01, 0.25, 0.5, 0.75, 0.99]) {
    const covered = await cells
      .first()
      .evaluate((cell, [x, y]) => !cell.closest('thead')?.contains(document.elementFromPoint(x, y)), [
        start + (end - start) * share,
        first!.y + first!.height / 2,
      ] as const)
    expect(covered, `at ${share * 100}% of the header row`).toBe(false)
  }
})

test("the app's top and bottom bars are solid on a phone", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateOf('user'), viewport: phone })
  const page = await context.newPage()
  await open(page, '/app/books')
  for (const bar of [page.getByRole('banner'), page.getByRole('navigation', { name: 'Main navigation' })])
    expect((await backgroundOf(bar)).a).toBe(1)
  await context.close()
})

test("the dark theme's primary button is a solid fill with light text that reads at 4.5:1", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await open(page, '/manager/books')
  const button = page.getByRole('link', { name: 'New book' })
  const fill = await backgroundOf(button)
  const text = await textLuminance(button)
  expect(fill.a).toBe(1)
  // Light text on a coloured fill, as in light: a pale fill with dark text looks disabled.
  expect(text).toBeGreaterThan(luminance(fill))
  expect(contrast(text, luminance(fill))).toBeGreaterThanOrEqual(4.5)
  expect(Math.max(fill.r, fill.g, fill.b) - Math.min(fill.r, fill.g, fill.b)).toBeGreaterThan(100)
})
