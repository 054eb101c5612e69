import type { Permissions } from '~/features/auth/permissions'
import type { ImageKind } from '~/lib/images'

/**
 * What an image can be uploaded for: the right it takes (from the permission table), the kind of
 * image it is, and whether only the owner may change it (`own`: the id must be the caller's own,
 * and not while impersonating). `/api/uploads/<target>/<id>` serves these and nothing else.
 */
export const uploadTargets = {
  'book-cover': { kind: 'cover', access: { book: ['update'] }, own: false },
  'user-picture': { kind: 'avatar', access: { account: ['update'] }, own: true },
} as const satisfies Record<string, { kind: ImageKind; access: Permissions; own: boolean }>

export type UploadTarget = keyof typeof uploadTargets

export const isUploadTarget = (name: string): name is UploadTarget => Object.hasOwn(uploadTargets, name)

/** Where an image is sent (PUT, the file as the body) or removed (DELETE). */
export const uploadUrl = (target: UploadTarget, id: string) =>
  `/api/uploads/${target}/${encodeURIComponent(id)}`
