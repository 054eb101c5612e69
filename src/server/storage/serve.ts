import '@tanstack/react-start/server-only'

import { storage } from '.'

/** A stored file for the browser: named by its content, so it may be kept for a year, unchanged. */
export async function serveStoredFile(key: string): Promise<Response> {
  // A key the storage refuses (a `..`, a character outside its alphabet) is a file that is not there.
  const file = await storage()
    .get(key)
    .catch(() => null)
  if (!file) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  return new Response(Buffer.from(file.body), {
    headers: {
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
