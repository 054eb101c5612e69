/**
 * `pnpm e2e [-- <spec or Playwright option> …]`: the end-to-end tests against the production build.
 * The build runs again only when a file it reads has changed since the last one: a hash of those
 * files is kept beside the build.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

import { buildInputsHash } from './build-inputs'

const hashFile = '.output/build-inputs.sha256'

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1

const current = buildInputsHash()
const built =
  existsSync(hashFile) && existsSync('.output/server/index.mjs') ? readFileSync(hashFile, 'utf8') : ''
if (built === current) {
  console.log('The build is up to date: not building again.')
} else {
  const status = run('vite', ['build'])
  if (status !== 0) process.exit(status)
  writeFileSync(hashFile, current)
}

const args = process.argv.slice(2)
process.exit(run('playwright', ['test', '-c', 'e2e', ...(args[0] === '--' ? args.slice(1) : args)]))
