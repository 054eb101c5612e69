/**
 * The benchmark's floor: a bare Node server that streams the app's /login markup with React, with
 * no framework. `/session` first reads the session row from the database, as a signed-in page must.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import postgres from 'postgres'
import { renderToReadableStream } from 'react-dom/server'

import { htmlToReact } from './html-tree'

const tree = htmlToReact(readFileSync(process.env.FLOOR_HTML_FILE ?? '', 'utf8'))
// The same pool size as the app (the postgres driver's default).
const sql = postgres(process.env.DATABASE_URL ?? '', { max: 10, onnotice: () => {} })
const tokenOf = (cookie = '') =>
  decodeURIComponent(/(?:^|;\s*)better-auth\.session_token=([^;]*)/.exec(cookie)?.[1] ?? '').split('.')[0] ??
  ''

const server = createServer(async (request, response) => {
  try {
    if (request.url?.startsWith('/session')) {
      const [session] = await sql`select * from session where token = ${tokenOf(request.headers.cookie)}`
      if (!session || session.expires_at < new Date()) {
        response.writeHead(401).end()
        return
      }
    }
    const stream = await renderToReadableStream(tree)
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    const reader = stream.getReader()
    for (let part = await reader.read(); !part.done; part = await reader.read()) response.write(part.value)
    response.end()
  } catch (error) {
    console.error(error)
    response.writeHead(500).end()
  }
})

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('floor ready'))
process.on('SIGTERM', () => {
  server.close()
  void sql.end({ timeout: 1 })
})
