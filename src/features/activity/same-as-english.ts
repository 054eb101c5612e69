import type { SameAsEnglish } from '~/lib/same-as-english'

/** This feature's texts that read as in English on purpose, such as a word French shares. */
export const sameAsEnglish: SameAsEnglish = {
  fr: [
    'activity:entities.genre',
    'activity:entities.session',
    'activity:fields.genreId',
    'activity:filters.action',
  ],
}
