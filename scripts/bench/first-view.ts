/**
 * How long a visitor on a phone waits to see what they came for: from navigation start until the
 * first frame that shows a page's main element styled, on a throttled phone with an empty cache
 * (a fresh browser context for each visit). Standalone:
 *
 *   pnpm exec tsx scripts/bench/first-view.ts <baseUrl> [path[=cookie] ...] [--runs=5]
 */
import { type Browser, chromium, type Page } from '@playwright/test'
import { pathToFileURL } from 'node:url'

import { chromiumFlags, chromiumPath } from '~/test/chromium'

import { cookiesFromHeader, median, standaloneArgs } from './lighthouse'

/** The element each measured page is for; its first styled paint ends the wait. */
export const firstViewElements = {
  // The field the visitor types their address into.
  '/login': 'input[type="email"]',
  // The first book of the list ("New book" links to a page under /manager/books/ too, but is no list item).
  '/manager/books': 'li > a[href^="/manager/books/"]',
} as const satisfies Record<string, string>

export type FirstViewPath = keyof typeof firstViewElements

export type FirstViewPage = {
  path: FirstViewPath
  /** A signed-in visitor's `Cookie` header, put in the browser's cookie jar. */
  cookie?: string
}

/** One visit's figures. */
export type FirstViewRun = {
  /** Milliseconds from navigation start to the end of the first frame showing the element styled. */
  ms: number
  /** The page's HTML as it travelled: headers and (compressed) body. */
  htmlBytes: number
  /** Requests started before the element showed, the page's own included. */
  requests: number
}

export type FirstViewPageResult = {
  path: FirstViewPath
  runs: FirstViewRun[]
  /** Each figure's own median over the runs. */
  median: FirstViewRun
}

export type FirstViewOptions = {
  baseUrl: string
  pages: FirstViewPage[]
  runs?: number
  chromePath?: string
  /** Called after each visit, e.g. to print progress. */
  onRun?: (page: FirstViewPath, run: number, result: FirstViewRun) => void
}

/**
 * A mid-range phone on a slow mobile network, as Lighthouse's mobile audit describes one.
 * Chromium's network emulation holds each request's answer for the round trip, then passes the
 * bytes of all requests through one link of the given speeds. It does not model a new
 * connection's TCP and TLS handshakes (one to three more round trips on a real network), TCP slow
 * start or lost packets, so the figure is a lower bound. The CPU slowdown applies to the page's
 * main thread, not to the server, which answers at this machine's speed.
 */
export const phone = {
  cpuSlowdown: 4,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  roundTripMs: 150,
  viewport: { width: 390, height: 844 },
}

/** Slows the page's network and main thread down to a device's. */
export async function throttle(
  page: Page,
  device: Pick<typeof phone, 'cpuSlowdown' | 'downloadBitsPerSecond' | 'uploadBitsPerSecond' | 'roundTripMs'>,
) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: device.roundTripMs,
    downloadThroughput: device.downloadBitsPerSecond / 8,
    uploadThroughput: device.uploadBitsPerSecond / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: device.cpuSlowdown })
}

/** Where the page keeps the time it saw the element, for the bench to read. */
type Watched = Window & { firstViewMs?: number }

/**
 * Runs in the page before its own scripts. At each frame, in a requestAnimationFrame callback, it
 * checks that the element is in the document, visible, with a box in the viewport, and styled by
 * the app's stylesheet (Tailwind's reset makes it border-box; the browser's own style leaves it
 * content-box). The first time it is, a message posted then runs just after that frame is painted
 * and records the time. The Element Timing API would give the paint time itself, but it needs an
 * attribute in the app's markup and covers only images and text, not a form field. (No named
 * functions inside: tsx wraps those in a `__name` helper the page does not have.)
 */
async function watchFor(selector: string) {
  if (window !== window.top) return
  for (;;) {
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const element = document.querySelector(selector)
    const box = element?.getBoundingClientRect()
    if (
      element &&
      box &&
      box.width > 0 &&
      box.height > 0 &&
      box.top < window.innerHeight &&
      box.bottom > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      getComputedStyle(element).boxSizing === 'border-box'
    )
      break
  }
  const channel = new MessageChannel()
  channel.port1.onmessage = () => ((window as Watched).firstViewMs = performance.now())
  channel.port2.postMessage(undefined)
}

/** One visit in a fresh browser context: an empty cache, no open connections, no cookies but the page's. */
async function visit(
  browser: Browser,
  baseUrl: string,
  { path, cookie }: FirstViewPage,
): Promise<FirstViewRun> {
  const url = new URL(path, baseUrl)
  const context = await browser.newContext({
    viewport: phone.viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  })
  try {
    if (cookie) await context.addCookies(cookiesFromHeader(cookie, url.href))
    await context.addInitScript(watchFor, firstViewElements[path])
    const page = await context.newPage()
    await throttle(page, phone)
    await page.goto(url.href, { waitUntil: 'load', timeout: 60_000 })
    if (new URL(page.url()).pathname !== url.pathname)
      throw new Error(`${path} led to ${page.url()}: is the cookie signed in?`)
    await page.waitForFunction(() => (window as Watched).firstViewMs !== undefined, undefined, {
      polling: 100,
      timeout: 30_000,
    })
    // The resources started before the element showed have all ended by the load event.
    return await page.evaluate((): FirstViewRun => {
      const ms = (window as Watched).firstViewMs ?? Number.NaN
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      const before = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= ms)
      return { ms: Math.round(ms), htmlBytes: navigation?.transferSize ?? 0, requests: before.length + 1 }
    })
  } finally {
    await context.close()
  }
}

/** Visits each page `runs` times, the pages taking turns so a machine slowing down affects all alike. */
export async function measureFirstView({
  baseUrl,
  pages,
  runs = 5,
  chromePath = chromiumPath,
  onRun,
}: FirstViewOptions): Promise<FirstViewPageResult[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags })
  try {
    const visits = pages.map((): FirstViewRun[] => [])
    for (let run = 1; run <= runs; run++)
      for (const [index, page] of pages.entries()) {
        const result = await visit(browser, baseUrl, page)
        onRun?.(page.path, run, result)
        visits[index]!.push(result)
      }
    return pages.map(({ path }, index) => {
      const of = (key: keyof FirstViewRun) => median(visits[index]!.map((run) => run[key]))
      return {
        path,
        runs: visits[index]!,
        median: { ms: of('ms'), htmlBytes: of('htmlBytes'), requests: of('requests') },
      }
    })
  } finally {
    await browser.close()
  }
}

/** One line per visit or page, for a terminal or a log. */
export function formatFirstView(label: string, { ms, htmlBytes, requests }: FirstViewRun): string {
  return `${label.padEnd(20)}  ${Math.round(ms)} ms  HTML ${(htmlBytes / 1024).toFixed(1)} KB  ${requests} requests before it`
}

const isFirstViewPage = (page: { path: string }): page is FirstViewPage =>
  Object.hasOwn(firstViewElements, page.path)

async function main(args: string[]) {
  const { baseUrl, pages, options } = standaloneArgs(args)
  if (!baseUrl || !pages.every(isFirstViewPage)) {
    console.error(
      `usage: tsx scripts/bench/first-view.ts <baseUrl> [path[=cookie] ...] [--runs=5]\npaths: ${Object.keys(firstViewElements).join(', ')}`,
    )
    process.exit(2)
  }
  const results = await measureFirstView({
    baseUrl,
    pages,
    runs: Number(options.get('runs') ?? 5),
    onRun: (page, run, result) => console.log(formatFirstView(`${page} #${run}`, result)),
  })
  console.log('median:')
  for (const result of results) console.log(formatFirstView(result.path, result.median))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.slice(2))
