import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const generate = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-generate.ts', ...args], { encoding: 'utf8' })

describe('pnpm db:generate', () => {
  it('refuses to run without a name, or with one drizzle-kit would turn into a bad file name', () => {
    for (const args of [[], ['Shelf Book'], ['shelf-book'], ['shelf', 'book']]) {
      const run = generate(...args)
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('Usage: pnpm db:generate <name>')
    }
  })

  it('runs drizzle-kit with the name', () => {
    // The committed schema has no change to write, so drizzle-kit says so and writes nothing.
    const run = generate('nothing_changed')
    expect(run.stdout).toContain('nothing to migrate')
    expect(run.status).toBe(0)
  }, 60_000)
})
