import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { Avatar } from './user-menu'

const person = { id: 'u1', name: 'Ada', email: 'ada@example.com' }
const avatar = (image: string | null) =>
  renderToStaticMarkup(createElement(Avatar, { user: { ...person, image } }))

describe('Avatar', () => {
  it("shows only a picture Folio stored for the person, never an address elsewhere or another person's file", () => {
    expect(avatar('/media/user/u1/0123456789abcdef-128.webp')).toContain(
      'src="/media/user/u1/0123456789abcdef-128.webp"',
    )
    for (const image of [
      'https://evil.example/x.png',
      '//evil.example/media/user/u1/0123456789abcdef-128.webp',
      'https://evil.example/media/user/u1/0123456789abcdef-128.webp',
      '/media/user/u2/0123456789abcdef-128.webp',
      '/media/user/u1/../u2/0123456789abcdef-128.webp',
      '/pictures/me.png',
      null,
    ])
      expect({ image, markup: avatar(image) }).toEqual({ image, markup: expect.not.stringContaining('<img') })
  })
})
