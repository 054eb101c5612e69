import type { CSSProperties } from 'react'

import { cn } from '~/lib/cn'

/** A hue drawn from a name (the genre's): the same genre always gets the same colour. */
export function hueOf(name: string) {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0
  return Math.abs(hash) % 360
}

const sizes = {
  /** A list's thumbnail: the colour and the title's first letter. */
  sm: 'w-9 rounded-s-[2px] rounded-e-[4px] p-1 text-[0.7rem]',
  /** A grid's card: title and author. */
  md: 'w-full rounded-s-[3px] rounded-e-md p-3 ps-4 text-sm',
  /** A book's page. */
  lg: 'w-36 rounded-s-[3px] rounded-e-lg p-4 ps-5 text-base sm:w-48',
} as const

/**
 * A book's cover, drawn in CSS (no image): a colour from its genre, the title and author set on
 * it, and a spine on the side it opens from (the start: it mirrors in right-to-left pages). The
 * colours are dark enough for white text in either theme. Decorative: the title is said next to it.
 */
export function BookCover({
  book,
  size = 'md',
  className,
}: {
  book: { title: string; author: string; genre: { name: string } }
  size?: keyof typeof sizes
  className?: string
}) {
  const hue = hueOf(book.genre.name)
  const style = {
    backgroundImage: `linear-gradient(to bottom, hsl(${hue} 52% 32%), hsl(${(hue + 24) % 360} 58% 20%))`,
    '--spine': `hsl(${hue} 50% 14% / 0.55)`,
  } as CSSProperties
  return (
    <div
      aria-hidden="true"
      style={style}
      className={cn(
        'relative flex aspect-[2/3] shrink-0 flex-col overflow-hidden text-start text-[#fafafa] shadow-md ring-1 ring-border',
        sizes[size],
        className,
      )}
    >
      {/* The spine, and the light catching the fold beside it. */}
      <span className="absolute inset-y-0 start-0 w-[6%] bg-(--spine)" />
      <span className="absolute inset-y-0 start-[6%] w-px bg-[#ffffff33]" />
      {size === 'sm' ? (
        <span className="m-auto font-semibold">{book.title.trim().charAt(0).toUpperCase()}</span>
      ) : (
        <>
          <span dir="auto" className="line-clamp-4 leading-snug font-semibold [overflow-wrap:anywhere]">
            {book.title}
          </span>
          <span className="mt-2 h-px w-8 bg-[#ffffff66]" />
          <span dir="auto" className="mt-auto line-clamp-2 text-[0.8em] opacity-85 [overflow-wrap:anywhere]">
            {book.author}
          </span>
        </>
      )}
    </div>
  )
}
