import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { buildInputsHash } from './build-inputs'

describe('whether the build is up to date', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'folio-build-inputs-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  for (const [file, text] of Object.entries({
    'src/page.tsx': 'page',
    'src/page.test.ts': 'unit test',
    'e2e/page.spec.ts': 'e2e test',
    'docs/page.md': 'doc',
    'README.md': 'readme',
    '.gitignore': 'ignored/\n',
  }))
    put(file, text)
  execFileSync('git', ['init', '-q'], { cwd: root })
  execFileSync('git', ['add', '.'], { cwd: root })

  it('changes with what the build reads, committed or not, and not with tests, docs or ignored files', () => {
    const first = buildInputsHash(root)
    for (const [file, text] of [
      ['src/page.test.ts', 'another unit test'],
      ['e2e/page.spec.ts', 'another e2e test'],
      ['docs/page.md', 'another doc'],
      ['README.md', 'another readme'],
      ['ignored/output.js', 'built'],
    ])
      put(file!, text!)
    expect(buildInputsHash(root)).toBe(first)

    put('src/page.tsx', 'changed page')
    const changed = buildInputsHash(root)
    expect(changed).not.toBe(first)
    // A new file git does not know yet counts too.
    put('src/new.ts', 'new')
    expect(buildInputsHash(root)).not.toBe(changed)
  })
})
