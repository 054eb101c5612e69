/**
 * Runs Lighthouse's mobile audit on pages of a running Folio server, each run in a fresh browser.
 * Scores vary with the machine's load, so use the median of several runs. Standalone:
 *
 *   pnpm exec tsx scripts/bench/lighthouse.ts <baseUrl> [path[=cookie] ...] [--runs=3] [--reports=dir]
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result, type RunnerResult } from 'lighthouse'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { chromiumFlags, chromiumPath } from '~/test/chromium'

export type LighthousePage = {
  path: string
  /** A signed-in visitor's `Cookie` header, put in the browser's cookie jar. */
  cookie?: string
}

/** Scores 0–100; CLS unitless; times in milliseconds. */
export type LighthouseScores = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  cls: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  siMs: number
  /**
   * Lighthouse's CPU speed index (higher is faster). Scores from machines with different indexes
   * cannot be compared.
   */
  benchmarkIndex: number
}

/** An audit that cost points in a category (score below 1). */
export type LighthouseFinding = { category: string; id: string; title: string; score: number }

export type LighthouseRun = LighthouseScores & { findings: LighthouseFinding[] }

export type LighthousePageResult = {
  path: string
  runs: LighthouseRun[]
  /** Each figure's own median over the runs, so the figures may come from different runs. */
  median: LighthouseScores
}

export type LighthouseOptions = {
  baseUrl: string
  pages: LighthousePage[]
  runs?: number
  chromePath?: string
  /** If given, where to write each run's HTML and JSON reports. */
  reportDir?: string
  /** Called after each run, e.g. to print progress. */
  onRun?: (page: string, run: number, result: LighthouseRun) => void
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function scoresOf(lhr: Result): LighthouseRun {
  const score = (id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const findings = categories.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? []).flatMap(({ id, weight }) => {
      const audit = lhr.audits[id]
      // Weighted performance audits are the metrics themselves. Unweighted ones are listed when
      // they fail, because they often explain a metric.
      if (!audit || audit.score === null || audit.score >= 1 || (weight > 0 && category === 'performance'))
        return []
      return [{ category, id, title: audit.title, score: audit.score }]
    }),
  )
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: metric('cumulative-layout-shift'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    siMs: metric('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    findings,
  }
}

function medianOf(runs: LighthouseRun[]): LighthouseScores {
  const of = (key: keyof LighthouseScores) => median(runs.map((run) => run[key]))
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    cls: of('cls'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    siMs: of('siMs'),
    benchmarkIndex: of('benchmarkIndex'),
  }
}

/** A `Cookie` header's cookies, for a browser's jar (DevTools protocol or Playwright). */
export function cookiesFromHeader(cookieHeader: string, url: string) {
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=')
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url, httpOnly: true }
    })
}

/**
 * Puts a visitor's cookies in the browser's jar over the DevTools protocol. Lighthouse's
 * `extraHeaders` is not enough: once the page sets its own cookie, Chromium drops the extra header.
 */
async function setCookies(port: number, url: string, cookieHeader: string) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string
  }
  const cookies = cookiesFromHeader(cookieHeader, url)
  const socket = new WebSocket(version.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  const reply = new Promise<string>((resolve) => (socket.onmessage = (event) => resolve(String(event.data))))
  socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }))
  const { error } = JSON.parse(await reply) as { error?: { message: string } }
  socket.close()
  if (error) throw new Error(`Could not set the cookies: ${error.message}`)
}

/** One Lighthouse run of one URL in a browser of its own. */
async function runOnce(url: string, cookie: string | undefined, chromePath: string): Promise<RunnerResult> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'folio-lighthouse-'))
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: chromiumFlags,
    userDataDir,
    logLevel: 'silent',
  })
  try {
    if (cookie) await setCookies(chrome.port, url, cookie)
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'silent',
      onlyCategories: [...categories],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`)
    return result
  } finally {
    chrome.kill()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

/** Runs Lighthouse `runs` times on each page, one page after the other. */
export async function runLighthouse({
  baseUrl,
  pages,
  runs = 3,
  chromePath = chromiumPath,
  reportDir,
  onRun,
}: LighthouseOptions): Promise<LighthousePageResult[]> {
  if (reportDir) mkdirSync(reportDir, { recursive: true })
  const results: LighthousePageResult[] = []
  for (const page of pages) {
    const pageRuns: LighthouseRun[] = []
    for (let run = 1; run <= runs; run++) {
      const result = await runOnce(new URL(page.path, baseUrl).href, page.cookie, chromePath)
      const scores = scoresOf(result.lhr)
      if (reportDir) {
        const name = page.path.replace(/^\/+/, '').replace(/[^\w.-]+/g, '_') || 'root'
        const [html = '', json = ''] = [result.report].flat()
        writeFileSync(path.join(reportDir, `${name}-${run}.html`), html)
        writeFileSync(path.join(reportDir, `${name}-${run}.json`), json)
      }
      onRun?.(page.path, run, scores)
      pageRuns.push(scores)
    }
    results.push({ path: page.path, runs: pageRuns, median: medianOf(pageRuns) })
  }
  return results
}

/** One line per page, for a terminal or a log. */
export function formatScores(path: string, scores: LighthouseScores): string {
  return [
    path.padEnd(16),
    `performance ${scores.performance}`,
    `accessibility ${scores.accessibility}`,
    `best practices ${scores.bestPractices}`,
    `SEO ${scores.seo}`,
    `CLS ${scores.cls.toFixed(3)}`,
    `FCP ${Math.round(scores.fcpMs)} ms`,
    `LCP ${Math.round(scores.lcpMs)} ms`,
    `TBT ${Math.round(scores.tbtMs)} ms`,
    `SI ${Math.round(scores.siMs)} ms`,
    `CPU index ${Math.round(scores.benchmarkIndex)}`,
  ].join('  ')
}

/** A standalone run's arguments, `<baseUrl> [path[=cookie] ...] [--name=value ...]`; /login by default. */
export function standaloneArgs(args: string[]) {
  const options = new Map(
    args.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2).split('=', 2) as [string, string]),
  )
  const [baseUrl, ...paths] = args.filter((arg) => !arg.startsWith('--'))
  const pages = (paths.length ? paths : ['/login']).map((arg): LighthousePage => {
    const at = arg.indexOf('=')
    return at < 0 ? { path: arg } : { path: arg.slice(0, at), cookie: arg.slice(at + 1) }
  })
  return { baseUrl, pages, options }
}

async function main(args: string[]) {
  const { baseUrl, pages, options } = standaloneArgs(args)
  if (!baseUrl) {
    console.error(
      'usage: tsx scripts/bench/lighthouse.ts <baseUrl> [path[=cookie] ...] [--runs=3] [--reports=dir]',
    )
    process.exit(2)
  }
  const results = await runLighthouse({
    baseUrl,
    pages,
    runs: Number(options.get('runs') ?? 3),
    reportDir: options.get('reports'),
    onRun: (page, run, result) => {
      console.log(`${formatScores(`${page} #${run}`, result)}`)
      for (const finding of result.findings)
        console.log(`    ${finding.category}: ${finding.id} (${finding.score}) ${finding.title}`)
    },
  })
  console.log('median:')
  for (const result of results) console.log(formatScores(result.path, result.median))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.slice(2))
