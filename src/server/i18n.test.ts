import { describe, expect, it } from 'vitest'

import { appConfig } from '@/app.config'

import { bundleResources, i18nFor } from '~/lib/i18n'

import { detectLanguage, resourceBundle, resourcesFor, serverT } from './i18n'

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

  it('ignores a cookie that is not valid percent-encoding instead of failing the page', () => {
    expect(detectLanguage(request('/login', { cookie: 'i18next=%E0%A4%A; other=1' }))).toBe('en')
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

describe('the texts a page is rendered with', () => {
  it('travel as one JSON bundle per language, made once, holding every namespace of that language only', () => {
    const bundle = resourceBundle('sw')
    expect(resourceBundle('sw')).toBe(bundle)
    expect(bundleResources(bundle)).toEqual({ sw: resourcesFor('sw', appConfig.i18n.namespaces).sw })
  })

  it('are rendered on the server by one instance per language, whatever the request', () => {
    const fr = i18nFor('fr', resourceBundle('fr'))
    expect(i18nFor('fr', resourceBundle('fr'))).toBe(fr)
    expect(i18nFor('ar', resourceBundle('ar'))).not.toBe(fr)
    expect(fr.t('actions.home')).toBe('Accueil')
    expect(i18nFor('ar', resourceBundle('ar')).t('actions.home')).toBe('الرئيسية')
    expect(fr.language).toBe('fr')
  })
})
