import { describe, expect, it } from 'vitest'

import { deviceOf } from './device'

describe('a session’s device, read from its user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      { browser: 'Firefox', os: 'Windows' },
    ],
    ['curl/8.5.0', {}],
    ['', {}],
    [null, {}],
  ])('%s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toEqual(device)
  })
})
