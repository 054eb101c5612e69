import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

import { appConfig, type Language } from '@/app.config'

import { createI18n } from './i18n'

const common = (lng: Language) => JSON.parse(readFileSync(`locales/${lng}/common.json`, 'utf8')) as object

describe('the browser’s i18next instance', () => {
  it('reads other languages with the configured parallelism and retries', () => {
    const instance = createI18n('en', { en: { common: common('en') } })
    expect(instance.services.backendConnector).toMatchObject({
      maxParallelReads: appConfig.i18n.backend.maxParallelReads,
      maxRetries: appConfig.i18n.backend.maxRetries,
      retryTimeout: appConfig.i18n.backend.retryTimeoutMs,
    })
  })

  it('writes numbers the language’s way', () => {
    const showing = (lng: Language) =>
      createI18n(lng, { [lng]: { common: common(lng) } }).t('list.showing', { count: 20, total: 1500 })
    expect(showing('en')).toBe('Showing 20 of 1,500')
    expect(showing('fr')).toBe('20 sur 1\u202f500')
    const arabic = new Intl.NumberFormat('ar')
    expect(showing('ar')).toContain(`${arabic.format(20)} من ${arabic.format(1500)}`)
  })
})
