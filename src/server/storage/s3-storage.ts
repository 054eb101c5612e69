import '@tanstack/react-start/server-only'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3'

import { SpanKind } from '@opentelemetry/api'

import { traced } from '../tracing'

import { checkKey, checkPrefix, checkPut, type FileStorage } from './storage'

/** DeleteObjects takes at most this many keys a request. */
const deleteBatch = 1000

/**
 * Files in an S3 bucket (AWS, or any compatible service: MinIO, R2...), shared by every instance.
 * The SDK reads the region and keys itself (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).
 * `endpoint` is a compatible service's address (AWS_ENDPOINT_URL_S3): such services want the
 * bucket in the path rather than in the host name, so path-style addressing is used with it.
 */
export function createS3Storage({ bucket, endpoint }: { bucket: string; endpoint?: string }): FileStorage {
  // The SDK's default checksums (CRC32 on every upload) work with s3rver 3.7, the server the
  // tests run, so they are left on.
  const client = new S3Client(endpoint ? { endpoint, forcePathStyle: true } : {})
  // Each call to the bucket in a span of its own, when tracing is on.
  client.middlewareStack.add(
    (next, { commandName }) =>
      (args) =>
        traced(
          `S3 ${String(commandName).replace(/Command$/, '')}`,
          { 'aws.s3.bucket': bucket },
          () => next(args),
          SpanKind.CLIENT,
        ),
    { step: 'initialize', name: 'folioTracing' },
  )

  return {
    async put(key, body, contentType) {
      checkPut(key, contentType)
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      )
    },

    async get(key) {
      checkKey(key)
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!object.Body) return null
        return {
          body: await object.Body.transformToByteArray(),
          contentType: object.ContentType ?? 'application/octet-stream',
        }
      } catch (error) {
        if (error instanceof NoSuchKey) return null
        throw error
      }
    },

    async delete(keys) {
      keys.forEach(checkKey)
      for (let start = 0; start < keys.length; start += deleteBatch) {
        const batch = keys.slice(start, start + deleteBatch)
        const { Errors } = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        )
        const [first] = Errors ?? []
        if (first) throw new Error(`S3 could not delete ${first.Key}: ${first.Code} ${first.Message}`)
      }
    },

    async list(prefix, { modifiedBefore } = {}) {
      checkPrefix(prefix)
      const keys: string[] = []
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? [])
          if (object.Key && !(modifiedBefore && object.LastModified && object.LastModified >= modifiedBefore))
            keys.push(object.Key)
      }
      return keys
    },
  }
}
