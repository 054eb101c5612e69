import { harness } from './harness-config'

/** Browser state saved by auth.setup.ts for each seeded role. */
export const storageStateOf = (role: 'admin' | 'user') => `${harness.authStateDir}/${role}.json`
