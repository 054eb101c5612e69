/**
 * The probes a platform asks: liveness (the process answers) and readiness (this instance can
 * serve: its database answers, every migration is applied, and it is not shutting down).
 */
import '@tanstack/react-start/server-only'

import { database } from './database'

// On globalThis, as the start-up plugin that marks it and the routes that read it are bundled
// apart, each with its own copy of this module.
const holder = globalThis as typeof globalThis & { __folioStopping?: boolean }

/** From the stop signal on, readiness answers 503, so a load balancer sends no new requests here. */
export function markStopping() {
  holder.__folioStopping = true
}

export type Readiness =
  { status: 'ready' } | { status: 'not ready'; reason: 'stopping' | 'database' | 'migrations' }

export async function readiness(): Promise<Readiness> {
  if (holder.__folioStopping) return { status: 'not ready', reason: 'stopping' }
  const db = await database().catch(() => undefined)
  if (!db || !(await db.ping())) return { status: 'not ready', reason: 'database' }
  if ((await db.pendingMigrations()) > 0) return { status: 'not ready', reason: 'migrations' }
  return { status: 'ready' }
}

/** A probe's answer: never kept by a cache, 503 when the instance should get no traffic. */
export const probeAnswer = (body: { status: string }, ok: boolean) =>
  Response.json(body, { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
