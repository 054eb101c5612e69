/**
 * A local SMTP server that keeps every message, so tests can read e-mailed codes. It can also serve
 * the newest message per address over HTTP for Playwright workers in other processes.
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface Mail {
  to: string
  subject: string
  text: string
  /** The HTML part; empty for a text-only message. */
  html: string
  /** The whole message's MIME type, `multipart/alternative` when it has both parts. */
  contentType: string
  /** Position in the mailbox, 0 for the first message. */
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
        simpleParser(Buffer.concat(chunks)).then((parsed) => {
          const type = parsed.headers.get('content-type') as { value?: string } | string | undefined
          const mail = {
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            contentType: typeof type === 'string' ? type : (type?.value ?? ''),
          }
          for (const recipient of session.envelope.rcptTo)
            messages.push({ to: recipient.address.toLowerCase(), ...mail, index: messages.length })
          callback()
        }, callback)
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
