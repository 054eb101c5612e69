import { describe, expect, it } from 'vitest'

import { detectLanguage, resourcesFor, serverT } from './i18n'

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { headers })

describe('server language detection', () => {
  it('takes the query string first, then the cookie, then Accept-Language, then en', () => {
    const headers = { cookie: 'i18next=ar', 'accept-language': 'sw' }
    expect(detectLanguage(request('/login?lng=fr', headers))).toBe('fr')
    expect(detectLanguage(request('/login', headers))).toBe('ar')
    expect(detectLanguage(request('/login', { 'accept-language': 'de-DE,sw;q=0.8,fr;q=0.5' }))).toBe('sw')
    expect(detectLanguage(request('/login', { 'accept-language': 'de, ja' }))).toBe('en')
    expect(detectLanguage(request('/login'))).toBe('en')
  })

  it('ignores unsupported values', () => {
    expect(detectLanguage(request('/login?lng=xx', { cookie: 'i18next=zz' }))).toBe('en')
  })

  it('translates with a per-call instance, so languages never leak between requests', () => {
    const fr = serverT('fr', 'common')
    const ar = serverT('ar', 'common')
    expect(fr('actions.home')).toBe('Accueil')
    expect(ar('actions.home')).toBe('الرئيسية')
    expect(fr('actions.home')).toBe('Accueil')
  })

  it('hands over the language and the fallback resources', () => {
    expect(Object.keys(resourcesFor('sw', ['common']))).toEqual(['sw', 'en'])
  })
})
