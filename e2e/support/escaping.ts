import { type Dialog, expect, type Page } from '@playwright/test'

import { waitForHydration } from './fixtures'

/**
 * Opens `url` and checks, before and after hydration, that each text shows as text, creates no
 * element and runs nothing. The CSP would block scripts anyway; this checks none are even created.
 */
export async function expectShownAsText(page: Page, url: string, texts: string[]) {
  const alerts: string[] = []
  const onDialog = (dialog: Dialog) => {
    alerts.push(dialog.message())
    void dialog.dismiss()
  }
  page.on('dialog', onDialog)
  const response = await page.goto(url)
  const html = (await response?.text()) ?? ''
  for (const text of texts) {
    expect(html, `${url}: ${text} unescaped in the server's HTML`).not.toContain(text)
    // The one on screen: a phone-only copy may be hidden.
    await expect(page.getByText(text).filter({ visible: true }).first(), `${url}: ${text}`).toBeVisible()
  }
  // Again after hydration.
  await waitForHydration(page)
  const injected = await page.evaluate(() => ({
    elements: document.querySelectorAll('img[src="x"], svg[onload], b[onmouseover]').length,
    scripts: [...document.scripts].filter((script) => script.textContent?.trim() === 'alert(1)').length,
  }))
  expect(injected, url).toEqual({ elements: 0, scripts: 0 })
  page.off('dialog', onDialog)
  expect(alerts, url).toEqual([])
}
