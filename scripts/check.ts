/**
 * `pnpm check`: the quick check before a commit. Lint and types run side by side, each with a cache
 * under `node_modules/.cache` so the next run reads only what changed; then the unit tests that
 * import a file changed since the last commit (vitest's related mode). `pnpm test` runs everything.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

const cache = 'node_modules/.cache/check'

/** Runs a command with its output held back, so two at once do not mix their lines. */
function run(name: string, command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      console.log(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)`)
      if (code !== 0 || output.trim()) console.log(output.trimEnd())
      resolve(code === 0)
    })
  })
}

/** Files changed since the last commit, staged or not, and new files git does not ignore. */
function changedFiles(): string[] {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).split('\n')
  const files = [...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]
  return [...new Set(files)].filter((file) => file && existsSync(file))
}

const lintAndTypes = await Promise.all([
  run('lint', 'eslint', ['--cache', '--cache-location', `${cache}/eslint/`, '.']),
  run('types', 'tsc', ['--noEmit', '--incremental', '--tsBuildInfoFile', `${cache}/app.tsbuildinfo`]),
  run('types of bench/bare', 'tsc', [
    '--noEmit',
    '-p',
    'bench/bare',
    '--incremental',
    '--tsBuildInfoFile',
    `${cache}/bare.tsbuildinfo`,
  ]),
])

// Source files and texts: vitest takes a change to package.json as a reason to run every test.
const changed = changedFiles().filter((file) => /\.tsx?$|^locales\/.*\.json$/.test(file))
let tests = true
if (changed.length === 0) console.log('- unit tests: no file changed since the last commit')
else
  tests = await run('unit tests of the change', 'vitest', [
    'related',
    '--run',
    '--passWithNoTests',
    ...changed,
  ])

process.exit(lintAndTypes.every(Boolean) && tests ? 0 : 1)
