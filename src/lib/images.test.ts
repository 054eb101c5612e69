import { describe, expect, it } from 'vitest'

import { imageKey, imageSources } from './images'

describe('stored images', () => {
  it('names each width of an image by owner, content hash and width', () => {
    expect(imageKey({ owner: 'book/b1', hash: '0123456789abcdef' }, 384)).toBe(
      'book/b1/0123456789abcdef-384.webp',
    )
  })

  it('offers every width of its kind to the browser', () => {
    const { src, srcSet } = imageSources({ owner: 'book/b1', hash: 'abc' }, 'cover')
    expect(src).toBe('/media/book/b1/abc-192.webp')
    expect(srcSet.split(', ')).toEqual([
      '/media/book/b1/abc-96.webp 96w',
      '/media/book/b1/abc-192.webp 192w',
      '/media/book/b1/abc-384.webp 384w',
      '/media/book/b1/abc-768.webp 768w',
    ])
  })
})
