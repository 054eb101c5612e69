import { useState } from 'react'

import type { ImageChoice } from '~/components/ui/image-field'

import { removeImage, sendImage } from './send-image'
import type { UploadTarget } from './targets'

/**
 * Applies an image field's choice to an owner once it is saved: sends a new image (its progress
 * in `progress`, 0 to 1, while it goes) or removes the current one.
 */
export function useImageChange(target: UploadTarget) {
  const [progress, setProgress] = useState<number | null>(null)
  const apply = async (id: string, choice: ImageChoice) => {
    if (choice === null) return
    if (choice === 'remove') return removeImage(target, id)
    setProgress(0)
    try {
      await sendImage(target, id, choice, setProgress)
    } finally {
      setProgress(null)
    }
  }
  return { progress, apply }
}
