import '@tanstack/react-start/server-only'
import { Redis } from 'ioredis'

import { processWide } from './process-wide'

// Opened by the request handlers, closed at shutdown by the start-up plugin.
const clients = processWide('redisClients', () => new Map<string, Redis>())

/** One shared connection per Redis URL, opened on first use. */
export function redisClient(url: string): Redis {
  let client = clients.get(url)
  if (!client) {
    client = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false })
    clients.set(url, client)
  }
  return client
}

/** Closes every Redis connection, so the process can end on shutdown. */
export async function closeRedisClients() {
  const open = [...clients.values()]
  clients.clear()
  await Promise.allSettled(open.map((client) => client.quit()))
}
