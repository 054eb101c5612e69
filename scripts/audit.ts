/**
 * `pnpm audit:prod` fails on a high or critical advisory in production dependencies, or on a
 * security-critical package older than its fixed release. If npm's audit service does not answer
 * (some mirrors refuse it), it warns and passes unless AUDIT_REQUIRED=true.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** The first release of each package that fixes all its GitHub advisories; `via` is what installs it. */
export const securityFloors: Record<string, { version: string; advisories: string[]; via?: string }> = {
  'better-auth': {
    version: '1.7.7',
    advisories: ['GHSA-965c-763c-88jm', 'GHSA-r4xp-prcw-77qf', 'GHSA-qq9h-g4jm-xgf3', 'GHSA-g38m-r43w-p2q7'],
  },
  '@tanstack/react-start': { version: '1.168.60', advisories: ['GHSA-qx66-fv34-fjm8'] },
  '@tanstack/start-server-core': {
    version: '1.169.39',
    advisories: ['GHSA-qx66-fv34-fjm8', 'GHSA-9m65-766c-r333'],
    via: '@tanstack/react-start',
  },
  seroval: {
    version: '1.6.3',
    advisories: ['GHSA-mv8w-475r-vwqw', 'GHSA-p6vx-979v-rg4c', 'GHSA-jp82-f5mq-hwhp'],
  },
  'drizzle-orm': { version: '0.45.2', advisories: ['GHSA-gpj5-g38j-94v9'] },
}

const blocking = ['high', 'critical'] as const

type Advisory = {
  module_name: string
  severity: string
  title: string
  url: string
  vulnerable_versions: string
}
export type AuditReport = {
  error?: { code: string; message: string }
  advisories?: Record<string, Advisory>
  metadata?: { vulnerabilities: Partial<Record<string, number>> }
}

export type Verdict =
  | { kind: 'clean'; counts: Partial<Record<string, number>> }
  | { kind: 'unreachable'; message: string }
  | { kind: 'vulnerable'; findings: string[] }

/** Reads pnpm's JSON audit report as clean, vulnerable (high or critical) or unreachable. */
export function auditVerdict(report: AuditReport): Verdict {
  if (report.error) return { kind: 'unreachable', message: `${report.error.code}: ${report.error.message}` }
  if (!report.metadata) return { kind: 'unreachable', message: 'no report' }
  const findings = Object.values(report.advisories ?? {})
    .filter((advisory) => (blocking as ReadonlyArray<string>).includes(advisory.severity))
    .map((a) => `${a.severity} ${a.module_name} ${a.vulnerable_versions}: ${a.title} (${a.url})`)
  return findings.length > 0
    ? { kind: 'vulnerable', findings }
    : { kind: 'clean', counts: report.metadata.vulnerabilities }
}

/** Compares two semantic versions and returns -1, 0 or 1; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => {
    const [core = '', pre] = version.split('-', 2)
    return { numbers: core.split('.').map(Number), pre }
  }
  const [left, right] = [parts(a), parts(b)]
  for (let index = 0; index < 3; index++) {
    const difference = (left.numbers[index] ?? 0) - (right.numbers[index] ?? 0)
    if (difference !== 0) return Math.sign(difference)
  }
  if (left.pre === right.pre) return 0
  if (left.pre === undefined) return 1
  if (right.pre === undefined) return -1
  return left.pre < right.pre ? -1 : 1
}

/** Each package installed below its floor, as a line to print. */
export function floorViolations(installed: Record<string, string | undefined>): string[] {
  return Object.entries(securityFloors).flatMap(([name, floor]) => {
    const version = installed[name]
    if (version === undefined) return [`${name} is not installed`]
    return compareVersions(version, floor.version) < 0
      ? [`${name} ${version} is below ${floor.version} (${floor.advisories.join(', ')})`]
      : []
  })
}

/** The installed version of a package, or of the copy pnpm installed beside `via`. */
export function installedVersion(name: string, via?: string): string | undefined {
  try {
    const folder = via
      ? path.join(realpathSync(path.join('node_modules', via)), path.relative(via, name))
      : path.join('node_modules', name)
    return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string })
      .version
  } catch {
    return undefined
  }
}

function runAudit(): AuditReport {
  const pnpm = process.env.npm_execpath
  const args = ['audit', '--prod', '--json']
  const result = pnpm
    ? spawnSync(process.execPath, [pnpm, ...args], { encoding: 'utf8' })
    : spawnSync('pnpm', args, { encoding: 'utf8', shell: process.platform === 'win32' })
  try {
    return JSON.parse(result.stdout) as AuditReport
  } catch {
    return { error: { code: 'NO_REPORT', message: (result.stderr || result.stdout).trim().slice(0, 500) } }
  }
}

function main() {
  const floors = floorViolations(
    Object.fromEntries(
      Object.entries(securityFloors).map(([name, floor]) => [name, installedVersion(name, floor.via)]),
    ),
  )
  for (const line of floors) console.error(`Below its security floor: ${line}`)
  const verdict = auditVerdict(runAudit())
  if (verdict.kind === 'vulnerable') for (const line of verdict.findings) console.error(`Advisory: ${line}`)
  if (verdict.kind === 'clean')
    console.log(`pnpm audit --prod: no high or critical advisory (${JSON.stringify(verdict.counts)})`)
  if (verdict.kind === 'unreachable')
    console.warn(`pnpm audit --prod could not ask npm's advisory service (${verdict.message})`)
  if (floors.length === 0)
    console.log(`At or above their security floors: ${Object.keys(securityFloors).join(', ')}`)
  const failed =
    floors.length > 0 ||
    verdict.kind === 'vulnerable' ||
    (verdict.kind === 'unreachable' && process.env.AUDIT_REQUIRED === 'true')
  process.exitCode = failed ? 1 : 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main()
