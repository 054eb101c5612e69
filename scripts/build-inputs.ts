/**
 * Whether the production build is up to date: a hash of every file the build may read, which
 * `pnpm e2e` keeps beside the build and compares before building again.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Files the build may read, under `root`: all git tracks or would track, but tests, docs and benchmarks. */
export function buildInputs(root = '.'): string[] {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  return listed.stdout
    .split('\n')
    .filter((file) => file && existsSync(path.join(root, file)))
    .filter((file) => !/^(e2e|docs|bench)\/|\.md$|\.test\.tsx?$/.test(file))
    .sort()
}

/** The hash of those files' names and contents. */
export function buildInputsHash(root = '.'): string {
  const hash = createHash('sha256')
  for (const file of buildInputs(root))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0')
  return hash.digest('hex')
}
