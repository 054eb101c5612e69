/**
 * Checks the configuration when the server starts, so a bad setting stops it before any request.
 * On shutdown it closes the database and Redis, whose open sockets would keep the process alive.
 */
import { definePlugin } from 'nitro'

import { closeDatabase } from './database'
import { serverEnv } from './env'
import { closeRedisClients } from './redis'

export default definePlugin((nitroApp) => {
  serverEnv()
  nitroApp.hooks.hook('close', async () => {
    await Promise.allSettled([closeDatabase(), closeRedisClients()])
    // Abandoned renders leave long cache timers behind, so force the exit a second later.
    setTimeout(() => process.exit(0), 1000).unref()
  })
})
