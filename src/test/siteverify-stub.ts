/** A local stand-in for Turnstile's siteverify endpoint that accepts only the token "pass". */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export async function startSiteverifyStub() {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const { response } = JSON.parse(body) as { response: string }
      const success = response === 'pass'
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
