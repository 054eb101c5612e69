import { describe, expect, it } from 'vitest'

import { derived } from '~/lib/reader-holes'

import { filled, readerShape, readerValues, standInFor, type Template, templateOf } from './page-template'

const reader = (name: string, role = 'user') => ({
  user: {
    id: `id-${name}`,
    name,
    email: `${name.replace(/\W/g, '') || 'x'}@example.com`,
    image: null,
    role,
    emailVerified: true,
    createdAt: new Date('2026-01-02T03:04:05.006Z'),
  },
  session: {
    id: `session-${name}`,
    token: `token-${name}`,
    ipAddress: `ip-${name}`,
    userAgent: `agent-${name}`,
    userId: `id-${name}`,
    expiresAt: new Date('2026-12-31T00:00:00.000Z'),
    impersonatedBy: null,
  },
})

/** A page as React and seroval write one for `who`: their name in text, attribute and script. */
const pageOf = (who: ReturnType<typeof reader>, nonce = 'N0NCE') =>
  `<html><meta content="${nonce}"><p title="${who.user.name}">${who.user.name}</p><p>${who.user.email}</p>` +
  `<span>${derived(who.user.name, 'initial')}</span>` +
  `<script nonce="${nonce}">$R={name:"${who.user.name}",at:new Date("${who.session.expiresAt.toISOString()}")}</script></html>`

/** The page rendered for the stand-in of `who`, cut at its marks. */
const template = (page: string, who: ReturnType<typeof reader>, nonce = 'N0NCE') => {
  const made = templateOf(Buffer.from(page), nonce, who)
  if (typeof made === 'string') throw new Error(made)
  return made
}

describe('a page rendered for a stand-in reader', () => {
  it('marks the reader’s texts and dates, and keeps the rest as it is', () => {
    const standIn = standInFor(reader('Ann'))
    expect(standIn.user.name).toMatch(/^\uE000\w+:user\.name\uE001$/)
    expect(standIn.user.email).toMatch(/^\uE000\w+:user\.email\uE001$/)
    expect(standIn.user.createdAt.getUTCFullYear()).toBe(2999)
    expect(standIn.user).toMatchObject({ role: 'user', image: null, emailVerified: true })
    expect(standIn.session.impersonatedBy).toBeNull()
  })

  it('is shared by readers of one role and shape, never across them', () => {
    expect(readerShape(reader('Ann'))).toBe(readerShape(reader('Bushra')))
    expect(readerShape(reader('Ann'))).not.toBe(readerShape(reader('Ann', 'admin')))
    // A name the page would trim or replace is the page's to render.
    expect(readerShape(reader(' Ann'))).not.toBe(readerShape(reader('Ann')))
    expect(readerShape(reader(''))).not.toBe(readerShape(reader('Ann')))
  })

  it('is served to each reader with their texts escaped as HTML or as a script’s string', () => {
    const kept = template(pageOf(standInFor(reader('Ann'))), reader('Ann'))
    const who = reader(`O'Lee & "Jo" <b>\\ بشرى`)
    const served = filled(kept, 'FRESH', readerValues(who)).toString()
    const html = `O&#x27;Lee &amp; &quot;Jo&quot; &lt;b&gt;\\ بشرى`
    expect(served).toBe(
      `<html><meta content="FRESH"><p title="${html}">${html}</p><p>${who.user.email}</p><span>O</span>` +
        `<script nonce="FRESH">$R={name:"O'Lee & \\"Jo\\" \\x3Cb>\\\\ بشرى",at:new Date("2026-12-31T00:00:00.000Z")}</script></html>`,
    )
  })

  it('works out a derived text from the reader’s own', () => {
    const kept = template(pageOf(standInFor(reader('Ann'))), reader('Ann'))
    expect(filled(kept, 'N', readerValues(reader('émile'))).toString()).toContain('<span>É</span>')
  })

  it('is refused where the page changed a mark instead of writing it as it is', () => {
    const standIn = standInFor(reader('Ann'))
    const name = standIn.user.name
    const refusals = [
      `<a href="/u/${encodeURIComponent(name)}">x</a>`,
      `<span>${name.charAt(0).toUpperCase()}</span>`,
      `<p>${name.slice(0, 5)}</p>`,
      `<p>${name.toUpperCase()}</p>`,
      `<p>${name.replace('user.name', 'user.nickname')}</p>`,
      `<script>$R={name:${JSON.stringify(JSON.stringify(name))}}</script>`,
      `<script>$R=[${name}]</script>`,
      `<p>${standIn.session.expiresAt.toISOString()}</p>`,
      `<script>$R={at:"${standIn.session.expiresAt.toISOString()}"}</script>`,
      `<p>${standIn.session.expiresAt.toISOString().slice(0, 19)}</p>`,
    ]
    for (const page of refusals)
      expect({ page, made: typeof templateOf(Buffer.from(page), 'N', reader('Ann')) }).toEqual({
        page,
        made: 'string',
      })
  })

  it('is refused when it was rendered for the reader instead of their stand-in', () => {
    expect(typeof templateOf(Buffer.from(pageOf(reader('Ann'))), 'N0NCE', reader('Ann'))).toBe('string')
  })

  it('never carries the session’s token, nor keys on it', () => {
    expect(standInFor(reader('Ann')).session.token).toBe('')
    expect([...readerValues(reader('Ann')).values()]).not.toContain('token-Ann')
    expect(readerShape(reader('Ann'))).not.toContain('token-Ann')
  })

  it('takes no text a visitor writes for a mark', () => {
    // A book titled like a date of the year 2999 is a title: the stand-in's dates are unguessable.
    const title = '<p>2999-01-01T00:00:00.500Z</p><script>$R={title:"2999-01-01T00:00:00.001Z"}</script>'
    const kept = template(`${title}${pageOf(standInFor(reader('Ann')))}`, reader('Ann'))
    expect(filled(kept, 'N', readerValues(reader('Bob'))).toString()).toContain(title)

    const made = templateOf(Buffer.from('<p>\uE000abc:user.name\uE001</p>'), 'N', reader('Ann'))
    expect(typeof made).toBe('string')
    const anonymous = templateOf(Buffer.from('<p>N \uE000</p>'), 'N') as Template
    expect(filled(anonymous, 'X').toString()).toBe('<p>X \uE000</p>')
  })
})
