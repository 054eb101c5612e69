import { toJSONAsync } from 'seroval'
import { describe, expect, it } from 'vitest'

import { MAX_PAYLOAD_BYTES, payloadRefusal, unknownServerFunction } from './server-fn-payload'

const url = 'http://localhost:3000/api/fn/book--getBooks'
const get = (payload: string) => new Request(`${url}?payload=${encodeURIComponent(payload)}`)
const post = (body: string, type = 'application/json') =>
  new Request(url, { method: 'POST', headers: { 'content-type': type }, body })

describe("a server function's payload, before Start reads it", () => {
  it('lets what the browser client sends through, and requests without a payload', async () => {
    const payload = JSON.stringify(await toJSONAsync({ data: { searchTerm: 'dune', nested: [1, null] } }))
    expect(await payloadRefusal(get(payload))).toBeUndefined()
    expect(await payloadRefusal(post(payload))).toBeUndefined()
    expect(await payloadRefusal(new Request(url))).toBeUndefined()
  })

  it('answers 400 VALIDATION_ERROR to what is not JSON, or not seroval', async () => {
    for (const garbage of ['\u0000', '{', 'not json', '{"t":99}', '{"t":{"t":10,"i":0}}']) {
      for (const request of [get(garbage), post(garbage)]) {
        const answer = await payloadRefusal(request)
        expect({ garbage, status: answer?.status }).toEqual({ garbage, status: 400 })
        expect(await answer?.json()).toEqual({ code: 'VALIDATION_ERROR' })
      }
    }
  })

  it('answers 415 to a body that is not JSON, multipart and form posts included', async () => {
    const form = new FormData()
    form.set('data', 'x')
    for (const request of [
      new Request(url, { method: 'POST', body: form }),
      post('data=x', 'application/x-www-form-urlencoded'),
      post('{}', 'text/plain'),
    ])
      expect((await payloadRefusal(request))?.status).toBe(415)
  })

  it('answers 413 to a body over the limit, told by its length or by reading it', async () => {
    const large = JSON.stringify({ data: 'x'.repeat(MAX_PAYLOAD_BYTES) })
    const declared = new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(large.length) },
      body: large,
    })
    expect((await payloadRefusal(declared))?.status).toBe(413)
    expect(declared.bodyUsed).toBe(false)
    const chunked = new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([large]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect((await payloadRefusal(chunked))?.status).toBe(413)
  })
})

describe("a server function's id, before Start looks it up", () => {
  it('answers 404 NOT_FOUND to a function that does not exist, prototype names included', async () => {
    for (const id of [
      'nope',
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      '',
      'book--getBooks%00',
    ]) {
      const answer = unknownServerFunction(new Request(`http://localhost:3000/api/fn/${id}`))
      expect({ id, status: answer?.status }).toEqual({ id, status: 404 })
      expect(await answer?.json()).toEqual({ code: 'NOT_FOUND' })
    }
  })

  it('lets a function of the registry through', () => {
    expect(unknownServerFunction(new Request(url))).toBeUndefined()
    expect(unknownServerFunction(new Request(`${url}?payload=x`))).toBeUndefined()
  })
})
