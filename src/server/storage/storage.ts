/**
 * Where uploaded files live: one interface, kept on disk for a single instance or in an S3
 * bucket shared by several. Keys are relative paths such as `book/<id>/<hash>-384.webp`.
 */
import '@tanstack/react-start/server-only'
import { z } from 'zod'

export interface StoredFile {
  body: Uint8Array
  contentType: string
}

export interface FileStorage {
  /** Writes the file, replacing any file under the same key. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>
  /** Deletes the files; keys without a file are fine. */
  delete(keys: ReadonlyArray<string>): Promise<void>
  /**
   * Every key that starts with the prefix (a plain string prefix, as S3 has it); with
   * `modifiedBefore`, only the files last written before that time.
   */
  list(prefix: string, options?: { modifiedBefore?: Date }): Promise<string[]>
}

/** The only files stored: pictures, their type named by the key's extension. */
export const storedContentTypes = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
} as const

// Letters (user ids mix cases), digits, `_`, `.` and `-` in segments joined by single slashes:
// no absolute path, no empty segment, and (checked below) no `.` or `..` segment.
const keyPattern = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/
const noDotSegment = (path: string) => path.split('/').every((segment) => segment !== '.' && segment !== '..')

/** A stored file's key, at most 512 characters (S3 allows 1024 bytes). */
export const zStorageKey = z
  .string()
  .max(512)
  .regex(keyPattern, { error: 'must be a relative path of A-Z, a-z, 0-9, _, . and - segments' })
  .refine(noDotSegment, { error: 'must not contain . or .. segments' })

/** What `list` takes: empty (everything), or the start of a key, which may end with a slash. */
export const zStoragePrefix = z
  .string()
  .max(512)
  .refine((prefix) => prefix === '' || keyPattern.test(prefix.replace(/\/$/, '')), {
    error: 'must be empty or the start of a key',
  })
  .refine(noDotSegment, { error: 'must not contain . or .. segments' })

export class InvalidStorageKey extends Error {
  override name = 'InvalidStorageKey'
}

function parse(schema: z.ZodType<string>, value: string): string {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new InvalidStorageKey(`Storage key ${JSON.stringify(value)} ${result.error.issues[0]?.message}`)
  return result.data
}

/** The key, checked; throws InvalidStorageKey otherwise. */
export const checkKey = (key: string) => parse(zStorageKey, key)

/** The prefix, checked; throws InvalidStorageKey otherwise. */
export const checkPrefix = (prefix: string) => parse(zStoragePrefix, prefix)

/** The content type a key's extension names, or undefined for another extension. */
export function contentTypeOf(key: string): string | undefined {
  const extension = key.slice(key.lastIndexOf('.') + 1)
  return Object.hasOwn(storedContentTypes, extension)
    ? storedContentTypes[extension as keyof typeof storedContentTypes]
    : undefined
}

/**
 * Checks what is about to be written: a valid key whose extension names the given content type,
 * so a file is served with the type its key promises wherever it is stored.
 */
export function checkPut(key: string, contentType: string) {
  checkKey(key)
  const expected = contentTypeOf(key)
  if (!expected)
    throw new InvalidStorageKey(`Storage key ${JSON.stringify(key)} must end in .webp, .avif, .jpg or .png`)
  if (expected !== contentType)
    throw new InvalidStorageKey(`Storage key ${JSON.stringify(key)} is for ${expected}, not ${contentType}`)
}
