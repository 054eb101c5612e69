import '@tanstack/react-start/server-only'
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { checkKey, checkPrefix, checkPut, contentTypeOf, type FileStorage, zStorageKey } from './storage'

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')

/**
 * Files in a folder on this machine, for a single instance. A key is a relative path under
 * `root`; the content type is the one its extension names.
 */
export function createDiskStorage(root: string): FileStorage {
  const base = path.resolve(root)
  const fileOf = (key: string) => {
    const file = path.resolve(base, checkKey(key))
    // The key's rules already keep it inside; this guards against a mistake in them.
    if (!file.startsWith(base + path.sep)) throw new Error(`Storage key ${key} leaves the folder`)
    return file
  }

  /** Every key in a folder and the folders below it (a missing folder has none). */
  async function keysUnder(folder: string): Promise<string[]> {
    let entries
    try {
      entries = await readdir(path.join(base, folder), { recursive: true, withFileTypes: true })
    } catch (error) {
      if (isMissing(error)) return []
      throw error
    }
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((key) => zStorageKey.safeParse(key).success && contentTypeOf(key) !== undefined)
  }

  return {
    async put(key, body, contentType) {
      checkPut(key, contentType)
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written beside, then renamed over: a reader sees the old file or the new, never half of one.
      // The temporary name starts with a dot and ends in .tmp, so `list` never shows it.
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`)
      try {
        await writeFile(temporary, body)
        await rename(temporary, file)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },

    async get(key) {
      const file = fileOf(key)
      const contentType = contentTypeOf(key)
      if (!contentType) return null
      try {
        return { body: new Uint8Array(await readFile(file)), contentType }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async delete(keys) {
      // Every key is checked first, so one bad key deletes nothing. A key without a picture's
      // extension has no file (it may name a folder, which is left alone).
      keys.forEach(checkKey)
      const stored = keys.filter((key) => contentTypeOf(key) !== undefined)
      await Promise.all(stored.map((key) => rm(fileOf(key), { force: true })))
    },

    async list(prefix, { modifiedBefore } = {}) {
      checkPrefix(prefix)
      // Walk only the folder the prefix names, then match the rest as a plain string prefix.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1)
      const keys = (await keysUnder(folder)).filter((key) => key.startsWith(prefix)).sort()
      if (!modifiedBefore) return keys
      const written = await Promise.all(
        keys.map((key) =>
          stat(fileOf(key)).then(
            ({ mtime }) => mtime,
            () => null,
          ),
        ),
      )
      return keys.filter((_, index) => written[index] && written[index] < modifiedBefore)
    },
  }
}
