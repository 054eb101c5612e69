/**
 * A real S3-protocol server (s3rver) on loopback, keeping its objects in a temporary folder, for
 * tests of the S3 storage and for an app server started with `env` in its environment.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface S3Server {
  /** The server's address, e.g. http://127.0.0.1:41234: what AWS_ENDPOINT_URL_S3 is set to. */
  endpoint: string
  bucket: string
  /** The variables that point Folio and the AWS SDK at this server and bucket. */
  env: {
    S3_BUCKET: string
    AWS_ENDPOINT_URL_S3: string
    AWS_REGION: string
    AWS_ACCESS_KEY_ID: string
    AWS_SECRET_ACCESS_KEY: string
  }
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>
}

/** Starts the server on a free port with one empty bucket. */
export async function startS3Server({ bucket = 'folio-test' }: { bucket?: string } = {}): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'folio-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    // s3rver accepts the keys S3RVER / S3RVER and any region.
    env: {
      S3_BUCKET: bucket,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
