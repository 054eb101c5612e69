import { ImageUp, Trash2 } from 'lucide-react'
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { cn } from '~/lib/cn'

import { Button } from './button'
import { borderClass, FieldMessages } from './field'

/** An image field's value: keep what is there (null), a newly chosen file, or remove it. */
export type ImageChoice = null | File | 'remove'

const megabytes = appConfig.images.maxBytes / (1024 * 1024)

/** Why a chosen file cannot be sent, as a key of the `errors` namespace (the server checks again, from the bytes). */
function refusalOf(file: File): string | undefined {
  if (!(appConfig.images.types as ReadonlyArray<string>).includes(file.type)) return 'IMAGE_TYPE_NOT_ALLOWED'
  if (file.size > appConfig.images.maxBytes) return 'IMAGE_TOO_LARGE'
  return undefined
}

/**
 * An image of a form: shows the current one (or what stands in for it), takes a new one from the
 * file chooser or dropped on it, and shows the new one before anything is saved. The form sends
 * it when saved, and passes the share sent so far as `progress`.
 */
export function ImageField({
  label,
  current,
  hasCurrent,
  value,
  onChange,
  progress,
  error: givenError,
  frameClassName,
}: {
  label: string
  /** What shows while nothing new is chosen: the stored image, or what is drawn without one. */
  current: ReactNode
  /** Whether there is a stored image to remove. */
  hasCurrent: boolean
  value: ImageChoice
  onChange: (value: ImageChoice) => void
  /** The share of the file sent so far (0 to 1) while it is sent. */
  progress?: number | null
  error?: string
  /** The preview's size and shape, e.g. a cover's 2:3. */
  frameClassName: string
}) {
  const { t } = useTranslation(['common', 'errors'])
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [refusal, setRefusal] = useState<string>()
  const [dragging, setDragging] = useState(false)
  const preview = usePreviewUrl(value instanceof File ? value : null)
  const error = refusal ? t(`errors:${refusal}`) : givenError
  const sending = progress !== null && progress !== undefined

  const choose = (file: File | undefined) => {
    if (!file) return
    const refused = refusalOf(file)
    setRefusal(refused)
    if (!refused) onChange(file)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (!sending) choose(event.dataTransfer.files[0])
  }

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div
        className={cn(
          'flex items-center gap-4 rounded-lg border-dashed p-3',
          dragging ? 'border border-primary bg-muted' : borderClass(error),
        )}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop"
      >
        <div className={cn('relative shrink-0 overflow-hidden', frameClassName)}>
          {preview ? (
            <img
              src={preview}
              alt=""
              className="size-full rounded-md object-cover"
              onError={() => {
                setRefusal('IMAGE_UNREADABLE')
                onChange(null)
              }}
            />
          ) : value === 'remove' ? (
            <div className="size-full rounded-md border border-dashed border-input bg-muted" />
          ) : (
            current
          )}
          {sending && (
            <div
              role="progressbar"
              aria-label={t('image.uploading', { percent: Math.round(progress * 100) })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="absolute inset-x-1 bottom-1 h-1.5 overflow-hidden rounded-full bg-background/80"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${progress * 100}%` }} />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col items-start gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              icon={ImageUp}
              disabled={sending}
              aria-describedby={`${id}-hint`}
              onClick={() => input.current?.click()}
            >
              {hasCurrent || value instanceof File ? t('image.replace') : t('image.choose')}
            </Button>
            {(value instanceof File || (hasCurrent && value !== 'remove')) && (
              <Button
                variant="ghost"
                size="sm"
                icon={Trash2}
                disabled={sending}
                onClick={() => {
                  setRefusal(undefined)
                  onChange(hasCurrent ? 'remove' : null)
                }}
              >
                {t('image.remove')}
              </Button>
            )}
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {value instanceof File
              ? t('image.chosen', { name: value.name })
              : value === 'remove'
                ? t('image.removed')
                : t('image.drop')}
          </p>
        </div>
        <input
          ref={input}
          type="file"
          accept={appConfig.images.types.join(',')}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            choose(event.target.files?.[0])
            event.target.value = ''
          }}
        />
      </div>
      <FieldMessages id={id} hint={t('image.hint', { max: megabytes })} error={error} />
    </div>
  )
}

/**
 * A chosen file as a data: URL for its preview (the Content-Security-Policy allows data: images
 * and no blob: URLs).
 */
function usePreviewUrl(file: File | null) {
  const [read, setRead] = useState<{ file: File; url: string }>()
  useEffect(() => {
    if (!file) return
    const reader = new FileReader()
    reader.addEventListener('load', () => {
      if (typeof reader.result === 'string') setRead({ file, url: reader.result })
    })
    reader.readAsDataURL(file)
    return () => reader.abort()
  }, [file])
  // Only the current file's preview: a previous one's stays unseen until it is replaced.
  return read && read.file === file ? read.url : undefined
}
