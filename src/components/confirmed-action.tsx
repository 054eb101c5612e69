import type { LucideIcon } from 'lucide-react'
import { useState } from 'react'

import { useAction } from '~/lib/use-action'

import { Button } from './ui/button'
import { ConfirmDialog } from './ui/confirm-dialog'

/** A button for an action that cannot be undone: it asks for confirmation, then toasts the outcome. */
export function ConfirmedAction({
  label,
  title,
  description,
  confirmLabel,
  run,
  succeeded,
  failed,
  onSuccess,
  destructive = true,
  disabled,
  icon,
  size,
  ariaLabel,
}: {
  /** The trigger's icon, such as a bin for Delete. */
  icon?: LucideIcon
  label: string
  title: string
  description: string
  confirmLabel: string
  run: () => Promise<unknown>
  succeeded?: string
  failed: string
  onSuccess?: () => unknown
  destructive?: boolean
  disabled?: boolean
  size?: 'sm' | 'md'
  /** The trigger's accessible name when the label is not unique, such as one button per list row. */
  ariaLabel?: string
}) {
  const [open, setOpen] = useState(false)
  const action = useAction(run, {
    succeeded,
    failed,
    onSuccess: async () => {
      setOpen(false)
      await onSuccess?.()
    },
  })
  return (
    <>
      <Button
        variant={destructive ? 'destructive-outline' : 'outline'}
        icon={icon}
        size={size}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        onConfirm={() => action.mutate(undefined, { onError: () => setOpen(false) })}
        pending={action.isPending}
        destructive={destructive}
      />
    </>
  )
}
