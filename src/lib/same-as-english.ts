import type { Language } from '@/app.config'

/**
 * Texts (`namespace:key`) that read the same in a language as in English on purpose. The test of the
 * translations takes any other text equal to English for one left untranslated. Each feature
 * declares its own in its `same-as-english.ts`.
 */
export type SameAsEnglish = Partial<Record<Exclude<Language, 'en'>, readonly string[]>>
