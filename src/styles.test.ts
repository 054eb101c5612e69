/** The design tokens are used by every component and readable in light and dark. */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const css = readFileSync('src/styles.css', 'utf8')

/** The custom properties declared in one block of styles.css, such as `:root { … }`. */
function tokensOf(selector: string): Record<string, string> {
  const block = new RegExp(`^${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'm').exec(css)?.[1] ?? ''
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value?.trim()]),
  )
}

const light = tokensOf(':root')
const dark = { ...light, ...tokensOf(':root.dark') }

function luminance(hex: string | undefined) {
  const [r = 0, g = 0, b = 0] = (hex?.replace('#', '').match(/../g) ?? []).map((part) => {
    const value = Number.parseInt(part, 16) / 255
    return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string | undefined, b: string | undefined) {
  const [x, y] = [luminance(a), luminance(b)]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  )

describe('design tokens', () => {
  it('no component uses a raw palette colour instead of a token', () => {
    const raw =
      /\b(?:bg|text|border|ring|divide|decoration|outline|fill|stroke|from|to|via)-(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|white|black)\b/
    const offenders = sourceFiles('src').flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ file, line: index + 1, text: line }))
        .filter(({ file, text }) => !file.endsWith('styles.test.ts') && raw.test(text))
        .map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`),
    )
    expect(offenders).toEqual([])
  })

  for (const [scheme, tokens] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`text is readable and the focus ring visible (${scheme})`, () => {
      const pairs: [string, string, number][] = [
        ['foreground', 'background', 4.5],
        ['foreground', 'card', 4.5],
        ['muted-foreground', 'background', 4.5],
        ['muted-foreground', 'muted', 4.5],
        ['primary-foreground', 'primary', 4.5],
        ['primary-text', 'background', 4.5],
        ['primary-text', 'card', 4.5],
        ['primary-soft-foreground', 'primary-soft', 4.5],
        ['destructive-foreground', 'destructive', 4.5],
        ['destructive-text', 'background', 4.5],
        ['destructive-text', 'destructive-soft', 4.5],
        ['success-soft-foreground', 'success-soft', 4.5],
        ['warning-soft-foreground', 'warning-soft', 4.5],
        // A focus ring needs 3:1 against what surrounds it: the page, a card, a muted row.
        ['ring', 'background', 3],
        ['ring', 'card', 3],
        ['ring', 'muted', 3],
      ]
      for (const [front, back, minimum] of pairs)
        expect(contrast(tokens[front], tokens[back]), `${front} on ${back}`).toBeGreaterThanOrEqual(minimum)
    })

    it(`layers the page behind its cards, and fills a primary button with light text (${scheme})`, () => {
      expect(luminance(tokens.background)).toBeLessThan(luminance(tokens.card))
      // A pale fill under dark text reads as a disabled button.
      expect(luminance(tokens['primary-foreground'])).toBeGreaterThan(luminance(tokens.primary))
    })
  }
})
