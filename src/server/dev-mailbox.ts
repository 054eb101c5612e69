import '@tanstack/react-start/server-only'

/** An e-mail with both its parts. */
export interface KeptMail {
  id: number
  to: string
  subject: string
  html: string
  text: string
  sentAt: Date
}

const kept: KeptMail[] = []
const most = 50
let next = 1

/** Without SMTP in development, the last 50 e-mails are kept in memory for the /dev/mail page. */
export function keepMail(mail: Omit<KeptMail, 'id' | 'sentAt'>) {
  kept.unshift({ ...mail, id: next++, sentAt: new Date() })
  kept.length = Math.min(kept.length, most)
}

export function keptMails(): ReadonlyArray<KeptMail> {
  return kept
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const page = (body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 720px; margin: 24px auto; padding: 0 16px">
<h1 style="font-size: 20px">Development mailbox</h1>${body}</body></html>`,
    { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  )

/** The mailbox page, in English, or one e-mail's HTML or text part. */
export function devMailbox(search: URLSearchParams): Response {
  const id = search.get('id')
  if (id !== null) {
    const mail = kept.find((candidate) => String(candidate.id) === id)
    if (!mail) return new Response('No such e-mail', { status: 404 })
    return search.get('part') === 'text'
      ? new Response(mail.text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
      : new Response(mail.html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  }
  if (kept.length === 0) return page('<p>No e-mail yet: ask for a sign-in code, and it shows here.</p>')
  return page(
    kept
      .map(
        (mail) => `<article style="border-top: 1px solid #e4e4e7; padding: 12px 0">
<h2 style="font-size: 16px; margin: 0 0 4px">${escape(mail.subject)}</h2>
<p style="margin: 0 0 8px; color: #52525b">To ${escape(mail.to)}, ${mail.sentAt.toISOString()} ·
<a href="?id=${mail.id}">as the recipient sees it</a> · <a href="?id=${mail.id}&amp;part=text">text</a></p>
<pre style="white-space: pre-wrap; margin: 0">${escape(mail.text)}</pre></article>`,
      )
      .join(''),
  )
}
