import '@tanstack/react-start/server-only'

import { describeError, logger } from '~/server/logger'

import { storage } from '.'

/**
 * Removes stored files once nothing points to them. A failure is logged and not thrown: what
 * pointed to them is already changed, so the caller's action succeeded.
 */
export async function removeStoredFiles(keys: ReadonlyArray<string>) {
  try {
    await storage().delete(keys)
  } catch (error) {
    logger.error('Could not remove stored files', { keys: keys.length, error: describeError(error) })
  }
}

/** Removes every file under a folder (`book/<id>/`), as when its owner is deleted. */
export async function removeStoredFolder(prefix: string) {
  try {
    await removeStoredFiles(await storage().list(prefix))
  } catch (error) {
    logger.error('Could not list stored files', { prefix, error: describeError(error) })
  }
}
