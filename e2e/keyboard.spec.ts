/** Keyboard and screen readers: visible focus, focus kept in modals and given back, live regions. */
import { expect, type Page, test } from '@playwright/test'

import { firstItemLink, pageMenuButton, waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

/** Tabs through the page and returns each stop that shows no focus indicator. */
async function stopsWithoutVisibleFocus(page: Page, stops: number) {
  const unseen: string[] = []
  for (let index = 0; index < stops; index++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element || element === document.body) return null
      const style = getComputedStyle(element)
      const visible =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
      return { name: `${element.tagName} ${element.textContent?.trim().slice(0, 30) ?? ''}`, visible }
    })
    if (stop && !stop.visible) unseen.push(stop.name)
  }
  return unseen
}

test.describe('signed out', () => {
  test('every stop of the sign-in page shows where the focus is', async ({ page }) => {
    await page.goto('/login')
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    expect(await stopsWithoutVisibleFocus(page, 8)).toEqual([])
  })

  test('the code input is a labelled field whose hint and error are read with it', async ({ page }) => {
    await page.goto('/login/verify?email=someone%40example.com')
    // The server's HTML already focuses the field; typing waits for hydration.
    await waitForHydration(page)
    const code = page.getByLabel('Code')
    await expect(code).toBeFocused()
    await expect(code).toHaveAccessibleDescription(/The code expires in \d+ minutes/)
    await code.fill('123')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByRole('alert')).toHaveText('Code should be 6 characters')
    await expect(code).toHaveAccessibleDescription(/Code should be 6 characters/)
  })
})

test.describe('as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('the manager is worked by keyboard, with the focus always visible', async ({ page }) => {
    await page.goto('/manager/books')
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    expect(await stopsWithoutVisibleFocus(page, 12)).toEqual([])
  })

  test('a dialog keeps the focus inside while open and gives it back when closed', async ({ page }) => {
    await page.goto('/manager/account')
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    const trigger = page.getByRole('button', { name: 'Update your name' })
    // Wait until the button is enabled, because a disabled button takes no focus and ignores Enter.
    await expect(trigger).toBeEnabled()
    await trigger.focus()
    await expect(trigger).toBeFocused()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Update your name' })
    await expect(dialog.getByLabel('Name')).toBeFocused()
    for (let index = 0; index < 6; index++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
  })

  test(
    'a confirmation takes the focus when it opens (a drawer on a phone too) and gives it back',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/manager/books?searchTerm=Pride')
      await firstItemLink(page).click()
      const trigger = pageMenuButton(page)
      // Wait until the button is enabled, because a disabled button takes no focus.
      await expect(trigger).toBeEnabled()
      await trigger.focus()
      await expect(trigger).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('menuitem').first()).toBeFocused()
      await page.keyboard.press('End')
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Delete this book?' })
      await expect(dialog).toBeVisible()
      await expect
        .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(trigger).toBeFocused()
    },
  )

  test(
    'the navigation sheet of a phone gives the focus back to its button when closed',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== 'mobile', 'the navigation is a sheet on small screens only')
      await page.goto('/manager/dashboard')
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
      await expect(toggle).toBeEnabled()
      await toggle.click()
      const sheet = page.getByRole('dialog', { name: 'Main navigation' })
      await expect(sheet).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(sheet).toBeHidden()
      await expect(toggle).toBeFocused()
    },
  )

  test('toasts are announced: they live in a polite live region', async ({ page }) => {
    await page.goto('/manager/account')
    const toasts = page.getByRole('region', { name: /Notifications/ })
    await expect(toasts).toHaveAttribute('aria-live', 'polite')
  })
})
