import { afterEach, describe, expect, it, vi } from 'vitest'

import { logger } from './logger'
import { setRequestUser, withRequestContext } from './request-context'

afterEach(() => vi.restoreAllMocks())

function captured() {
  const lines: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line))
  vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line))
  return lines
}

describe('the log', () => {
  it('censors fields named like a credential, at the top and one level down', () => {
    const lines = captured()
    logger.info('sent', { to: 'a@example.test', code: '123456', session: { token: 't0k3n', cookie: 'c00k' } })
    expect(lines.join('\n')).toContain('a@example.test')
    for (const secret of ['123456', 't0k3n', 'c00k']) expect(lines.join('\n')).not.toContain(secret)
  })

  it('names the request and, once known, its user on every line written for it', async () => {
    const lines = captured()
    await withRequestContext('request-0001', async () => {
      logger.info('before')
      await Promise.resolve()
      setRequestUser('user-42', 'admin-7')
      logger.warn('after')
    })
    logger.info('outside')
    expect(lines[0]).toContain('"requestId":"request-0001"')
    expect(lines[0]).not.toContain('userId')
    expect(lines[1]).toContain('"userId":"user-42"')
    expect(lines[1]).toContain('"impersonatedBy":"admin-7"')
    expect(lines[2]).not.toContain('requestId')
  })
})
