import { describe, expect, it } from 'vitest'

import { bundleResources, i18nFor, namespacesOf } from '~/lib/i18n'

import { detectLanguage, localeFile, resourceBundle, resourcesFor, serverT } from './i18n'

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
  it('travel as one JSON bundle per language and set of namespaces, made once, holding only those', () => {
    const bundle = resourceBundle('sw', ['common', 'errors', 'book'])
    expect(resourceBundle('sw', ['common', 'errors', 'book'])).toBe(bundle)
    expect(bundleResources(bundle)).toEqual({ sw: resourcesFor('sw', ['common', 'errors', 'book']).sw })
  })

  it('are rendered on the server by one instance per bundle, whatever the request', () => {
    const fr = i18nFor('fr', resourceBundle('fr', ['common', 'errors']))
    expect(i18nFor('fr', resourceBundle('fr', ['common', 'errors']))).toBe(fr)
    expect(i18nFor('ar', resourceBundle('ar', ['common', 'errors']))).not.toBe(fr)
    expect(fr.t('actions.home')).toBe('Accueil')
    expect(i18nFor('ar', resourceBundle('ar', ['common', 'errors'])).t('actions.home')).toBe('الرئيسية')
    expect(fr.language).toBe('fr')
  })

  it('are those of every page and of the namespaces its routes name, in the configured order', () => {
    expect(namespacesOf([{ staticData: {} }, { staticData: { namespaces: ['user', 'areas'] } }])).toEqual([
      'common',
      'errors',
      'areas',
      'user',
    ])
  })

  it('find an error only signed-in pages show under `errors:`, where that namespace came with the page', () => {
    const page = i18nFor('en', resourceBundle('en', ['common', 'errors', 'errors-signed-in']))
    expect(page.t('errors:THE_LAST_ADMIN_MUST_STAY')).toBe(
      localeFile('en', 'errors-signed-in')?.THE_LAST_ADMIN_MUST_STAY,
    )
    expect(page.t('errors:NETWORK_ERROR')).toBe(localeFile('en', 'errors')?.NETWORK_ERROR)
  })
})
