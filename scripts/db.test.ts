import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(path.join(tmpdir(), 'folio-db-script-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(command: string) {
  return spawnSync('tsx', ['scripts/db.ts', command], {
    env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: path.join(dir, 'pglite') },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('pnpm db:migrate and db:seed on the embedded database', () => {
  it('applies the migrations, then seeds, and seeding again changes nothing', () => {
    const migrate = run('migrate')
    expect(migrate.stderr).toBe('')
    expect(migrate.stdout).toContain('Migrations applied to PGlite')
    expect(run('seed').stdout).toContain('Demo data seeded')
    expect(run('seed').status).toBe(0)
  }, 180_000)
})
