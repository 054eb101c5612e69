/**
 * A real SMTP server on loopback that keeps every message it receives, for tests that read the
 * e-mailed sign-in codes. Optionally serves the newest message per address over HTTP, so that
 * Playwright workers (other processes) can read them too.
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface Mail {
  to: string
  subject: string
  text: string
  /** Position in the mailbox: 0 for the first message received. */
  index: number
}

export interface Mailbox {
  smtpUrl: string
  httpUrl?: string
  messages: Mail[]
  latest(to: string): Mail | undefined
  /** The newest message to `to` among those received after the first `since` messages. */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<Mail>
  close(): Promise<void>
}

export function codeOf(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1]
  if (!code) throw new Error(`No code in "${mail.subject}"`)
  return code
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`). */
function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

function decodeQuotedPrintable(value: string) {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
}

/** Just enough MIME for the single-part text messages the app sends. */
function parseMessage(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const body = rest.join('\n\n')
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase()
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body
  return { subject: decodeWords(headers.get('subject') ?? ''), text }
}

async function waitForMail(find: () => Mail | undefined, timeoutMs: number): Promise<Mail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mail = find()
    if (mail) return mail
    if (Date.now() > deadline) throw new Error('No e-mail arrived in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

export async function startMailbox(options: { smtpPort?: number; httpPort?: number } = {}): Promise<Mailbox> {
  const messages: Mail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('utf8'))
        for (const recipient of session.envelope.rcptTo) {
          messages.push({ to: recipient.address.toLowerCase(), subject, text, index: messages.length })
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(options.smtpPort ?? 0, '127.0.0.1', resolve))
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const latest = (to: string) => messages.findLast((m) => m.to === to.toLowerCase())

  let http: Server | undefined
  if (options.httpPort !== undefined) {
    http = createHttpServer((req, res) => {
      const to = new URL(req.url ?? '/', 'http://localhost').searchParams.get('to') ?? ''
      const mail = latest(to)
      res.writeHead(mail ? 200 : 404, { 'content-type': 'application/json' })
      res.end(JSON.stringify(mail ?? null))
    })
    await new Promise<void>((resolve) => http?.listen(options.httpPort, '127.0.0.1', resolve))
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: http ? `http://127.0.0.1:${(http.address() as AddressInfo).port}` : undefined,
    messages,
    latest,
    waitFor: (to, { since = 0, timeoutMs = 10_000 } = {}) =>
      waitForMail(() => {
        const mail = latest(to)
        return mail && mail.index >= since ? mail : undefined
      }, timeoutMs),
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()))
    },
  }
}
