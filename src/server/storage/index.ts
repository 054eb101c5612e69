/**
 * The process's file storage: the S3 bucket S3_BUCKET when it is set (instances then share the
 * files), else the folder UPLOADS_DIR on this machine.
 */
import '@tanstack/react-start/server-only'

import { serverEnv } from '../env'

import { createDiskStorage } from './disk-storage'
import { createS3Storage } from './s3-storage'
import type { FileStorage } from './storage'

export type { FileStorage, StoredFile } from './storage'

let current: FileStorage | undefined

/** The storage chosen by the environment, made on first use. */
export function storage(): FileStorage {
  if (!current) {
    const env = serverEnv()
    current = env.S3_BUCKET
      ? createS3Storage({ bucket: env.S3_BUCKET, endpoint: env.AWS_ENDPOINT_URL_S3 || undefined })
      : createDiskStorage(env.UPLOADS_DIR)
  }
  return current
}

/** Tests put another storage in its place (a temporary folder, an S3 server); null restores the default. */
export function setStorageForTests(replacement: FileStorage | null) {
  current = replacement ?? undefined
}
