import { type Dialog, expect, type Page } from '@playwright/test'

import { waitForHydration } from './fixtures'

/**
 * Opens `url` and checks that each text is shown as text, in the server's HTML and once the page
 * is interactive, that no element it spells was made, and that nothing ran (no dialog opened).
 * The CSP would block an inline script or handler as well; this checks that none is made.
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
    await expect(page.getByText(text).first(), `${url}: ${text}`).toBeVisible()
  }
  // And once the page runs.
  await waitForHydration(page)
  const injected = await page.evaluate(() => ({
    elements: document.querySelectorAll('img[src="x"], svg[onload], b[onmouseover]').length,
    scripts: [...document.scripts].filter((script) => script.textContent?.trim() === 'alert(1)').length,
  }))
  expect(injected, url).toEqual({ elements: 0, scripts: 0 })
  page.off('dialog', onDialog)
  expect(alerts, url).toEqual([])
}
