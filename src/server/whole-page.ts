import '@tanstack/react-start/server-only'

/**
 * Sends a page in one piece with its length instead of streaming it. Loaders finish before render,
 * so streaming gained nothing and caused layout shifts; one piece also compresses faster and smaller.
 */
export async function wholePage(response: Response): Promise<Response> {
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response
  const bytes = new Uint8Array(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  headers.set('Content-Length', String(bytes.byteLength))
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers })
}
