/**
 * Turns a page the app served back into React elements, for the benchmark's floor server. React's
 * own HTML comments are dropped because React writes them again when it renders.
 */
import { createElement, type ReactNode } from 'react'

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])
const RAW_TEXT = new Set(['script', 'style'])

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
    if (entity[0] !== '#') return named[entity.toLowerCase()] ?? ''
    return String.fromCodePoint(
      entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
    )
  })

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())

/** `color:red;--x:1` → `{ color: 'red', '--x': '1' }`; custom properties keep their names. */
function styleObject(style: string) {
  const entries = style
    .split(';')
    .map((declaration) => declaration.split(/:(.*)/s))
    .filter(([name, value]) => name?.trim() && value !== undefined)
    .map(([name = '', value = '']) => [
      name.trim().startsWith('--') ? name.trim() : camel(name.trim()),
      value.trim(),
    ])
  return Object.fromEntries(entries) as Record<string, string>
}

function props(attributes: string, key: number) {
  const result: Record<string, unknown> = { key }
  for (const [, name = '', , value = ''] of attributes.matchAll(/([^\s=/>]+)(="([^"]*)")?/g)) {
    const text = decode(value)
    if (name === 'class') result.className = text
    else if (name === 'for') result.htmlFor = text
    else if (name === 'style') result.style = styleObject(text)
    // React writes a true boolean attribute as `name=""`.
    else if (text === '' && !name.startsWith('data-') && !name.startsWith('aria-')) result[name] = true
    else result[name] = text
  }
  return result
}

type Frame = { tag: string; props: Record<string, unknown>; children: ReactNode[] }

export function htmlToReact(html: string): ReactNode {
  const root: Frame = { tag: '', props: {}, children: [] }
  const stack: Frame[] = [root]
  const top = () => stack[stack.length - 1] ?? root
  const token =
    /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*(\/?)>/gi
  let at = 0
  let key = 0
  for (let match = token.exec(html); match; match = token.exec(html)) {
    if (match.index > at) top().children.push(decode(html.slice(at, match.index)))
    at = token.lastIndex
    const [, closing, opening, attributes = '', selfClosing] = match
    if (closing) {
      const frame = stack.pop()
      if (!frame || frame.tag !== closing.toLowerCase())
        throw new Error(`Unexpected </${closing}> at ${match.index}`)
      top().children.push(createElement(frame.tag, frame.props, ...frame.children))
    } else if (opening) {
      const tag = opening.toLowerCase()
      const elementProps = props(attributes, key++)
      if (RAW_TEXT.has(tag)) {
        const end = html.indexOf(`</${tag}>`, at)
        if (end < 0) throw new Error(`Unclosed <${tag}>`)
        const content = html.slice(at, end)
        if (content) elementProps.dangerouslySetInnerHTML = { __html: content }
        top().children.push(createElement(tag, elementProps))
        at = token.lastIndex = end + tag.length + 3
      } else if (VOID.has(tag) || selfClosing) {
        top().children.push(createElement(tag, elementProps))
      } else {
        stack.push({ tag, props: elementProps, children: [] })
      }
    }
  }
  if (stack.length > 1) throw new Error(`Unclosed <${top().tag}>`)
  return root.children.length === 1 ? root.children[0] : root.children
}
