import { useBlocker } from '@tanstack/react-router'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { ConfirmDialog } from './ui/confirm-dialog'

/**
 * While `changed` is true, leaving the page asks for confirmation: a dialog in the app, or the
 * browser's prompt on close or reload. `allowLeaving()` lets the next navigation through.
 */
export function useLeaveConfirmation(changed: boolean) {
  const { t } = useTranslation('common')
  const allowed = useRef(false)
  const shouldBlock = () => changed && !allowed.current
  const blocker = useBlocker({
    shouldBlockFn: shouldBlock,
    enableBeforeUnload: shouldBlock,
    withResolver: true,
  })

  const dialog = (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={t('leave.title')}
      description={t('leave.description')}
      confirmLabel={t('leave.confirm')}
      onConfirm={() => blocker.proceed?.()}
      destructive
    />
  )
  return {
    dialog,
    allowLeaving: () => {
      allowed.current = true
    },
  }
}
