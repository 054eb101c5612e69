/**
 * Runs once as the server process starts (a Nitro plugin): an invalid configuration stops the
 * server with one line naming the variable and the rule, before it takes any request. On
 * shutdown (SIGTERM, once the HTTP server has closed) it closes the database and Redis
 * connections, whose open sockets would otherwise keep the process alive, and exits a second
 * later if something else still does.
 */
import { definePlugin } from 'nitro'

import { closeDatabase } from './database'
import { serverEnv } from './env'
import { closeRedisClients } from './redis'

export default definePlugin((nitroApp) => {
  serverEnv()
  nitroApp.hooks.hook('close', async () => {
    await Promise.allSettled([closeDatabase(), closeRedisClients()])
    // Nothing is left to finish, but a render a visitor abandoned mid-way leaves timers behind
    // (minutes long, in the router and query caches) that would hold the process that long.
    setTimeout(() => process.exit(0), 1000).unref()
  })
})
