import { useBlocker } from '@tanstack/react-router'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { ConfirmDialog } from './ui/confirm-dialog'

/**
 * While `changed` is true, leaving the page asks 'Are you sure you want to leave?': in-app
 * navigation with a dialog, closing or reloading the tab with the browser's own prompt.
 * `allowLeaving()` lets the next navigation through, e.g. after the form was saved.
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
