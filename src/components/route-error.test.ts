import { describe, expect, it } from 'vitest'

import { HttpError } from '~/lib/http-error'

import { errorTypeOf, groupHomeOf } from './route-error'

describe('the error page a thrown value gets', () => {
  it('is 403 for a refused right, 404 for a missing thing, 500 for any other Error', () => {
    expect(errorTypeOf(new HttpError(403, 'FORBIDDEN'))).toBe('403')
    expect(errorTypeOf(new HttpError(404, 'NOT_FOUND'))).toBe('404')
    expect(errorTypeOf(new HttpError(409, 'CONFLICT'))).toBe('500')
    expect(errorTypeOf(new TypeError('x is undefined'))).toBe('500')
  })

  it('is the unknown variant for anything thrown that is not an Error', () => {
    for (const thrown of ['a string', 42, null, undefined, { message: 'an object' }])
      expect(errorTypeOf(thrown)).toBe('unknown')
  })
})

describe("an error page's Home", () => {
  it("leads to the home of the route's group", () => {
    expect(groupHomeOf('/app/books/$id/')).toBe('/app')
    expect(groupHomeOf('/manager')).toBe('/manager')
    expect(groupHomeOf('/login/verify')).toBe('/login')
    expect(groupHomeOf('/apps')).toBe('/')
    expect(groupHomeOf('/application')).toBe('/')
    expect(groupHomeOf('/')).toBe('/')
  })
})
