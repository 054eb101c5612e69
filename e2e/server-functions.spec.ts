import { expect, test } from '@playwright/test'

import { storageStateOf } from './support/roles'
import { serverFnGetPath } from './support/server-fn'

// A real permission-gated server function, called the way the browser calls it.
const dashboardFigures = () => serverFnGetPath('manager.dashboard--getDashboardFigures', { period: '30d' })

test.describe('server functions check permission on the server', () => {
  test('anonymous: 401', async ({ request }) => {
    const response = await request.get(await dashboardFigures())
    expect(response.status()).toBe(401)
  })

  test.describe('as the user', () => {
    test.use({ storageState: storageStateOf('user') })
    test('without the right: 403', async ({ request }) => {
      const response = await request.get(await dashboardFigures())
      expect(response.status()).toBe(403)
    })
  })

  test.describe('as the admin', () => {
    test.use({ storageState: storageStateOf('admin') })
    test('with the right: 200 and the figures', async ({ request }) => {
      const response = await request.get(await dashboardFigures())
      expect(response.status()).toBe(200)
      expect(await response.text()).toMatch(/booksAdded/)
    })

    test('the dashboard shows the figures from the database', async ({ page }) => {
      await page.goto('/manager/dashboard')
      await expect(page.getByRole('main').getByRole('link').filter({ hasText: 'Sign-ins' })).toContainText(
        /\d/,
      )
    })
  })
})
