/**
 * The markup Folio served, captured by the benchmark at the start of its run (files named by
 * BARE_LOGIN_HTML and BARE_BOOKS_HTML): the head's and body's contents, as a React tree built
 * once per process, as the floor does.
 */
import { createServerOnlyFn } from '@tanstack/react-start'
import { readFileSync } from 'node:fs'
import type { ReactNode } from 'react'

import { htmlToReact } from '../../../scripts/bench/html-tree'

const trees = new Map<string, ReactNode>()

const inner = (html: string, tag: 'head' | 'body') =>
  new RegExp(`<${tag}[^>]*>([\\s\\S]*)</${tag}>`).exec(html)?.[1] ?? ''

export const capturedPage = createServerOnlyFn((page: 'login' | 'books'): ReactNode => {
  const file = (page === 'login' ? process.env.BARE_LOGIN_HTML : process.env.BARE_BOOKS_HTML) ?? ''
  let tree = trees.get(file)
  if (tree === undefined) {
    const html = readFileSync(file, 'utf8')
    tree = htmlToReact(inner(html, 'head') + inner(html, 'body'))
    trees.set(file, tree)
  }
  return tree
})
