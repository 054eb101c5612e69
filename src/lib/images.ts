import { appConfig } from '@/app.config'

/** What an image is used as: each kind has its shape and its widths. */
export type ImageKind = keyof typeof appConfig.images.kinds

/** An uploaded image as a page shows it: where its files live and their content hash. */
export interface StoredImage {
  /** The folder of its files in the storage: `book/<id>` or `user/<id>`. */
  owner: string
  hash: string
}

/** The storage key of one width of an image; files are named by their content. */
export const imageKey = ({ owner, hash }: StoredImage, width: number) => `${owner}/${hash}-${width}.webp`

/** Where the browser fetches a stored file (served by `routes/media/$.ts`). */
export const mediaUrl = (key: string) => `/media/${key}`

/**
 * A person's picture as their `image` records it: a file Folio stored for them under `user/<id>`,
 * at any width. Anything else (an address elsewhere, another person's file) is no picture.
 */
export function userPicture(user: { id: string; image?: string | null }): StoredImage | null {
  const owner = `user/${user.id}`
  const folder = mediaUrl(`${owner}/`)
  if (!user.image?.startsWith(folder)) return null
  const hash = /^([0-9a-f]{16})-\d+\.webp$/.exec(user.image.slice(folder.length))?.[1]
  return hash ? { owner, hash } : null
}

/** An `<img>`'s `src` and `srcSet` for every width of its kind; the browser picks by `sizes`. */
export function imageSources(image: StoredImage, kind: ImageKind) {
  const { widths } = appConfig.images.kinds[kind]
  return {
    src: mediaUrl(imageKey(image, widths[1])),
    srcSet: widths.map((width) => `${mediaUrl(imageKey(image, width))} ${width}w`).join(', '),
  }
}
