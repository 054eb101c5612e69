import { useTranslation } from 'react-i18next'

import { Button } from './button'
import { DialogActions, ResponsiveDialog } from './dialog'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  confirmLabel: string
  onConfirm: () => void
  /** The confirmed action is running: the dialog stays open and says so. */
  pending?: boolean
  destructive?: boolean
}

/** Asks before something happens: a dialog on wide screens, a bottom drawer on small ones. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  destructive = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common')
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      description={description}
    >
      <DialogActions>
        <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
          {t('actions.cancel')}
        </Button>
        <Button variant={destructive ? 'destructive' : 'primary'} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  )
}
