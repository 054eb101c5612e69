import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'
import { imageSources } from '~/lib/images'

/** A hue drawn from a name (the genre's): the same genre always gets the same colour. */
export function hueOf(name: string) {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0
  return Math.abs(hash) % 360
}

/**
 * A drawn cover's depth: a close shadow where it rests and a soft one further out, and its type
 * set in the cover's own width (`cqi`), so a title breaks between words at every size.
 */
const depth =
  '@container shadow-[0_1px_2px_rgb(0_0_0/0.18),0_6px_16px_-4px_rgb(0_0_0/0.32)] dark:shadow-[0_1px_2px_rgb(0_0_0/0.5),0_8px_20px_-4px_rgb(0_0_0/0.7)]'

/** A cover large enough to carry its title and author. */
const lettered = `drawn-cover flex flex-col text-start text-[#fafafa] ${depth}`

const sizes = {
  /** A list's thumbnail: the cover in miniature, its lettering drawn as lines (`cover-thumb`). */
  sm: 'cover-thumb w-6 rounded-s-[2px] rounded-e-[3px]',
  /** A grid's card: title and author. */
  md: `${lettered} w-full rounded-s-[3px] rounded-e-md`,
  /** A book's page. */
  lg: `${lettered} w-36 rounded-s-[3px] rounded-e-lg sm:w-48`,
} as const

/** How wide each size is drawn, for the browser to pick an uploaded cover's file (`sizes`). */
const drawnWidths: Record<keyof typeof sizes, string> = {
  sm: '24px',
  md: '(min-width: 1024px) 190px, (min-width: 768px) 23vw, (min-width: 640px) 30vw, 45vw',
  lg: '(min-width: 640px) 192px, 144px',
}

/** What a cover shows of a book. */
export interface CoveredBook {
  id: string
  title: string
  author: string
  /** The uploaded cover's content hash; none: drawn. */
  cover: string | null
  genre: { name: string }
}

/**
 * A book's cover: the uploaded image, or else drawn in CSS: a colour from its genre, the title
 * and author set on it, and a spine on the side it opens from (the start: it mirrors in
 * right-to-left pages). The colours are dark enough for white text in either theme. The drawn
 * cover is decorative (the title is said next to it) and stays under an image that fails to load.
 */
export function BookCover({
  book,
  size = 'md',
  className,
}: {
  book: CoveredBook
  size?: keyof typeof sizes
  className?: string
}) {
  const { t } = useTranslation('book')
  // The colours themselves are in the stylesheet (`drawn-cover`, `cover-thumb`), so each cover
  // carries one number.
  const style = { '--hue': hueOf(book.genre.name) } as CSSProperties
  return (
    <div
      style={style}
      className={cn(
        'relative aspect-[2/3] shrink-0 overflow-hidden shadow-md ring-1 ring-border',
        sizes[size],
        className,
      )}
    >
      {size !== 'sm' && (
        <span aria-hidden="true" className="absolute inset-0 flex flex-col p-[8cqi] ps-[12cqi]">
          {/* The spine, and the light catching the fold beside it. */}
          <span className="absolute inset-y-0 start-0 w-[6%] bg-(--spine)" />
          <span className="absolute inset-y-0 start-[6%] w-px bg-[#ffffff33]" />
          {/* The same light on every cover, so it is in the stylesheet (`--sheen`) rather than each cover's style. */}
          <span className="absolute inset-0 bg-(image:--sheen) rtl:bg-(image:--sheen-rtl)" />
          {/* Breaks between words only: a word longer than the line is hyphenated where the
              browser can, and cut as a last resort. */}
          <span
            dir="auto"
            className="relative line-clamp-5 text-[length:9cqi] leading-snug font-semibold break-words hyphens-auto"
          >
            {book.title}
          </span>
          <span className="relative mt-[5cqi] h-px w-[20cqi] bg-[#ffffff66]" />
          <span
            dir="auto"
            className="relative mt-auto line-clamp-2 text-[length:7cqi] leading-snug opacity-85 break-words"
          >
            {book.author}
          </span>
        </span>
      )}
      {book.cover && (
        <img
          {...imageSources({ owner: `book/${book.id}`, hash: book.cover }, 'cover')}
          sizes={drawnWidths[size]}
          alt={t('cover.alt', { title: book.title })}
          loading={size === 'lg' ? 'eager' : 'lazy'}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  )
}
