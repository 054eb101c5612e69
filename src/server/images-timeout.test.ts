/** The last bound on an upload: processing that runs past `timeoutSeconds` is stopped and refused. */
import { describe, expect, it, vi } from 'vitest'

import type * as config from '@/app.config'

import { progressiveJpeg } from '~/test/hostile-images'

import { ImageRejected, processImage } from './images'

// The other bounds lifted, so that a costly picture reaches the decoder, and the shortest timeout.
vi.mock('@/app.config', async (importOriginal) => {
  const { appConfig } = await importOriginal<typeof config>()
  return {
    appConfig: { ...appConfig, images: { ...appConfig.images, maxJpegScans: 10_000, timeoutSeconds: 1 } },
  }
})

describe('processImage', () => {
  it('stops a picture still processing after the timeout with IMAGE_TOO_COMPLEX', async () => {
    // 883 passes over 40 million pixels: seconds of decoding. libjpeg reads every scan before the
    // first row comes out, and the timeout is checked as rows do, so it fires once they start.
    const costly = progressiveJpeg(6320)
    const refusal = await processImage(costly, 'cover').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ImageRejected)
    expect((refusal as ImageRejected).code).toBe('IMAGE_TOO_COMPLEX')
  })
})
