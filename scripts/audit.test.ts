import { describe, expect, it } from 'vitest'

import { auditVerdict, compareVersions, floorViolations, installedVersion, securityFloors } from './audit'

const advisory = (severity: string) => ({
  module_name: 'some-package',
  severity,
  title: 'Something bad',
  url: 'https://github.com/advisories/GHSA-xxxx-xxxx-xxxx',
  vulnerable_versions: '<1.2.3',
})
const metadata = { vulnerabilities: { low: 1, moderate: 1, high: 0, critical: 0 } }

describe('pnpm audit:prod', () => {
  it('fails on a high or critical advisory, not on lower ones', () => {
    expect(auditVerdict({ advisories: { 1: advisory('moderate'), 2: advisory('low') }, metadata })).toEqual({
      kind: 'clean',
      counts: metadata.vulnerabilities,
    })
    for (const severity of ['high', 'critical'])
      expect(auditVerdict({ advisories: { 1: advisory(severity) }, metadata })).toEqual({
        kind: 'vulnerable',
        findings: [
          `${severity} some-package <1.2.3: Something bad (https://github.com/advisories/GHSA-xxxx-xxxx-xxxx)`,
        ],
      })
  })

  it('tells an audit service that does not answer from a clean report', () => {
    const error = { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'responded with 405' }
    expect(auditVerdict({ error })).toEqual({
      kind: 'unreachable',
      message: 'ERR_PNPM_AUDIT_BAD_RESPONSE: responded with 405',
    })
    expect(auditVerdict({}).kind).toBe('unreachable')
  })

  it('compares versions by their numbers, a pre-release before its release', () => {
    expect(compareVersions('1.7.25', '1.6.22')).toBe(1)
    expect(compareVersions('1.6.9', '1.6.22')).toBe(-1)
    expect(compareVersions('1.6.22', '1.6.22')).toBe(0)
    expect(compareVersions('1.6.22-beta.1', '1.6.22')).toBe(-1)
    expect(compareVersions('2.0.0', '1.99.99')).toBe(1)
  })

  it('holds better-auth, TanStack Start and the rest of the request path to their floors, and the installed ones pass', () => {
    const below = Object.fromEntries(Object.keys(securityFloors).map((name) => [name, '0.0.1']))
    expect(floorViolations(below)).toHaveLength(Object.keys(securityFloors).length)
    expect(floorViolations({})).toHaveLength(Object.keys(securityFloors).length)
    const installed = Object.fromEntries(
      Object.entries(securityFloors).map(([name, floor]) => [name, installedVersion(name, floor.via)]),
    )
    expect(Object.values(installed).every((version) => /^\d+\.\d+\.\d+/.test(version ?? ''))).toBe(true)
    expect(floorViolations(installed)).toEqual([])
  })
})
