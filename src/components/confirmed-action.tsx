import type { LucideIcon } from 'lucide-react'
import { useState } from 'react'

import { useAction } from '~/lib/use-action'

import { Button } from './ui/button'
import { ConfirmDialog } from './ui/confirm-dialog'

/** What a confirmed action asks, runs and says: the dialog's texts, the call, and its toasts. */
export interface ConfirmedActionProps {
  title: string
  description: string
  confirmLabel: string
  run: () => Promise<unknown>
  succeeded?: string
  failed: string
  onSuccess?: () => unknown
  destructive?: boolean
}

/**
 * The confirmation of an action that cannot be undone, opened by whatever holds `open` (a button,
 * a row's menu): it runs the action once confirmed, then toasts the outcome.
 */
export function ConfirmedActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  run,
  succeeded,
  failed,
  onSuccess,
  destructive = true,
}: ConfirmedActionProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const action = useAction(run, {
    succeeded,
    failed,
    onSuccess: async () => {
      onOpenChange(false)
      await onSuccess?.()
    },
  })
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={() => action.mutate(undefined, { onError: () => onOpenChange(false) })}
      pending={action.isPending}
      destructive={destructive}
    />
  )
}

/** A button for an action that cannot be undone: it asks for confirmation, then toasts the outcome. */
export function ConfirmedAction({
  label,
  disabled,
  icon,
  size,
  ariaLabel,
  ...dialog
}: ConfirmedActionProps & {
  /** The trigger's icon, such as a bin for Delete. */
  icon?: LucideIcon
  label: string
  disabled?: boolean
  size?: 'sm' | 'md'
  /** The trigger's accessible name when the label is not unique, such as one button per list row. */
  ariaLabel?: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant={dialog.destructive === false ? 'outline' : 'destructive-outline'}
        icon={icon}
        size={size}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <ConfirmedActionDialog open={open} onOpenChange={setOpen} {...dialog} />
    </>
  )
}
