/**
 * The probes a platform asks: liveness (the process answers) and readiness (this instance can
 * serve: its database answers, every migration is applied, and it is not shutting down).
 */
import '@tanstack/react-start/server-only'

import { database } from './database'
import { processWide } from './process-wide'

// Marked by the start-up plugin, read by the readiness route.
const shutdown = processWide('shutdown', () => ({ stopping: false }))

/** From the stop signal on, readiness answers 503, so a load balancer sends no new requests here. */
export function markStopping() {
  shutdown.stopping = true
}

export type Readiness =
  { status: 'ready' } | { status: 'not ready'; reason: 'stopping' | 'database' | 'migrations' }

export async function readiness(): Promise<Readiness> {
  if (shutdown.stopping) return { status: 'not ready', reason: 'stopping' }
  const db = await database().catch(() => undefined)
  if (!db || !(await db.ping())) return { status: 'not ready', reason: 'database' }
  if ((await db.pendingMigrations()) > 0) return { status: 'not ready', reason: 'migrations' }
  return { status: 'ready' }
}

/** A probe's answer: never kept by a cache, 503 when the instance should get no traffic. */
export const probeAnswer = (body: { status: string }, ok: boolean) =>
  Response.json(body, { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
