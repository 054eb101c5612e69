/**
 * `pnpm icons`: renders the PNG app icons from public/favicon.svg, so the logo has one source.
 * Run it after changing the logo.
 */
import { readFileSync, writeFileSync } from 'node:fs'

import { chromium } from '@playwright/test'

import { chromiumFlags, chromiumPath } from '~/test/chromium'

const svg = readFileSync('public/favicon.svg', 'utf8')
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
const page = await browser.newPage()
for (const [file, size] of [
  ['apple-touch-icon.png', 180],
  ['icon-192.png', 192],
  ['icon-512.png', 512],
] as const) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  )
  writeFileSync(`public/${file}`, await page.screenshot({ omitBackground: true }))
  console.log(`public/${file}`)
}
await browser.close()
