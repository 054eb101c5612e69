import { expect, test as setup } from '@playwright/test'

import { signInThroughUi } from './support/fixtures'
import { harness } from './support/harness-config'

/** Signs each seeded role in once; specs reuse the saved browser state. */
for (const [role, email, home] of [
  ['admin', 'admin@example.com', /\/manager\/dashboard$/],
  ['user', 'user@example.com', /\/app$/],
] as const) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInThroughUi(page, email)
    await expect(page).toHaveURL(home)
    await page.context().storageState({ path: `${harness.authStateDir}/${role}.json` })
  })
}
