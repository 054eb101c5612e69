/**
 * Where `pnpm dev` listens: `PORT`, or 3000. A local BASE_URL takes that port; a BASE_URL on
 * another host (a tunnel, a proxy) is kept as it is.
 */
export function devAddress(env: { PORT?: string; BASE_URL?: string }) {
  const port = env.PORT || '3000'
  const baseUrl = new URL(env.BASE_URL || 'http://localhost:3000')
  if (['localhost', '127.0.0.1', '[::1]'].includes(baseUrl.hostname)) baseUrl.port = port
  return { port, baseUrl: baseUrl.origin }
}
