/**
 * How long after a click in the navigation the coming page's place shows: from the click until the
 * end of the first frame in which the navigation marks the target and the main area shows the
 * page's frame (or the page itself), on a slow link, whatever the page's code and data cost. The first page is opened and left to settle at full speed, then the link is slowed
 * down and clicked. Standalone:
 *
 *   pnpm exec tsx scripts/bench/click-to-frame.ts <baseUrl> <admin's cookie> [--runs=5]
 */
import { chromium } from '@playwright/test'
import { pathToFileURL } from 'node:url'

import { chromiumFlags, chromiumPath } from '~/test/chromium'

import { phone, throttle } from './first-view'
import { cookiesFromHeader, median } from './lighthouse'

/**
 * A laptop on a slow link: round trips of 400 ms (a poor mobile connection) and 400 kbps, at the
 * machine's own CPU speed, as an administrator works in the manager.
 */
export const slowLink = { ...phone, cpuSlowdown: 1, roundTripMs: 400, downloadBitsPerSecond: 400e3, uploadBitsPerSecond: 400e3 }

/** The clicks measured: in the manager's sidebar on a laptop, to a list and to the dashboard. */
export const clicks = [
  { from: '/manager/dashboard', to: '/manager/users' },
  { from: '/manager/users', to: '/manager/books' },
  { from: '/manager/books', to: '/manager/dashboard' },
] as const

export type ClickToFrameResult = { from: string; to: string; runs: number[]; median: number }

/** Where the page keeps the time it saw the target, for the bench to read. */
type Watched = Window & { clickedAt?: number; framedAt?: number }

/**
 * Runs in the page: from the click on a link to `to`, at each frame, checks for the navigation's
 * entry marked current and a heading in the main area other than the page left's (the frame's or
 * the page's own); then records the time just after that frame is painted. (No named functions inside: tsx wraps those in a helper the page does not have.)
 */
async function watchClick(to: string) {
  const watched = window as Watched
  // The heading of the page left, which stays in the document (hidden) while the frame shows.
  let left: Element | null = null
  await new Promise<void>((resolve) =>
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest(`a[href^="${to}"]`)) {
          watched.clickedAt = event.timeStamp
          left = document.querySelector('main h1')
          resolve()
        }
      },
      { capture: true },
    ),
  )
  for (;;) {
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const marked = [...document.querySelectorAll(`nav a[href^="${to}"][aria-current="page"]`)].some((entry) =>
      entry.checkVisibility(),
    )
    const shown = [...document.querySelectorAll('main h1')].some(
      (heading) => heading !== left && heading.checkVisibility(),
    )
    if (marked && shown) break
  }
  const channel = new MessageChannel()
  channel.port1.onmessage = () => (watched.framedAt = performance.now())
  channel.port2.postMessage(undefined)
}

export async function measureClickToFrame({
  baseUrl,
  cookie,
  runs = 5,
  onRun,
}: {
  baseUrl: string
  /** An administrator's `Cookie` header. */
  cookie: string
  runs?: number
  onRun?: (click: (typeof clicks)[number], run: number, ms: number) => void
}): Promise<ClickToFrameResult[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  try {
    const results = clicks.map(({ from, to }) => ({ from, to, runs: [] as number[], median: 0 }))
    for (let run = 1; run <= runs; run++)
      for (const [index, click] of clicks.entries()) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
        try {
          await context.addCookies(cookiesFromHeader(cookie, new URL("/", baseUrl).href))
          await context.addInitScript(watchClick, click.to)
          const page = await context.newPage()
          await page.goto(new URL(click.from, baseUrl).href)
          await page.waitForLoadState('networkidle')
          await throttle(page, slowLink)
          await page.locator(`#manager-sidebar nav a[href^="${click.to}"]`).click()
          await page.waitForFunction(() => (window as Watched).framedAt !== undefined, undefined, {
            polling: 50,
            timeout: 60_000,
          })
          const ms = await page.evaluate(() => {
            const { clickedAt = Number.NaN, framedAt = Number.NaN } = window as Watched
            return Math.round(framedAt - clickedAt)
          })
          onRun?.(click, run, ms)
          results[index]!.runs.push(ms)
        } finally {
          await context.close()
        }
      }
    return results.map((result) => ({ ...result, median: median(result.runs) }))
  } finally {
    await browser.close()
  }
}

async function main([baseUrl, cookie, ...options]: string[]) {
  if (!baseUrl || !cookie) {
    console.error("usage: tsx scripts/bench/click-to-frame.ts <baseUrl> <admin's cookie> [--runs=5]")
    process.exit(2)
  }
  const runs = Number(options.find((option) => option.startsWith('--runs='))?.slice(7) ?? 5)
  const results = await measureClickToFrame({
    baseUrl,
    cookie,
    runs,
    onRun: ({ from, to }, run, ms) => console.log(`${from} → ${to} #${run}: ${ms} ms`),
  })
  for (const { from, to, median: ms, runs: each } of results)
    console.log(`${from} → ${to}: median ${ms} ms (${each.join(', ')})`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.slice(2))
