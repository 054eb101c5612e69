/**
 * Runs once as the server process starts (a Nitro plugin): an invalid configuration stops the
 * server with one line naming the variable and the rule, before it takes any request.
 */
import { definePlugin } from 'nitro'

import { serverEnv } from './env'

export default definePlugin(() => {
  serverEnv()
})
