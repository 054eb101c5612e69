import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { toast } from '~/components/ui/toast'
import { authCall, authErrorKey } from '~/features/auth/auth-call'
import { recordCodeSent } from '~/features/auth/code-attempts'
import { useCodeVerification } from '~/features/auth/use-code-verification'

import { DialogCodeForm } from './dialog-code-form'

/**
 * Deleting one's own account, in one dialog: what goes, then 'E-mail me a code'; the code sent
 * to the account's address, typed here, and a last press deletes it all (better-auth's
 * `/delete-user`, which checks the code on the server), then the sign-in page.
 */
export function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation(['common', 'auth'])
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [codeSent, setCodeSent] = useState(false)
  // Its tries are counted apart from a sign-in code's to the same address.
  const attempts = `delete-account:${email}`
  const verification = useCodeVerification(attempts, async (code) => {
    const { error } = await authCall((client) => client.deleteUser({ token: code }))
    if (error) return error
    toast.success(t('account:delete.deleted'))
    queryClient.clear()
    await navigate({ to: '/login', replace: true })
    return null
  })
  const { busy } = verification

  async function sendCode() {
    if (!busy.start()) return
    verification.setMessage(undefined)
    const { error } = await authCall((client) => client.deleteUser({}))
    busy.done()
    if (error) return verification.setMessage(authErrorKey(error))
    recordCodeSent(attempts)
    if (codeSent) verification.newCodeSent(t('auth:verify.resent'))
    else verification.setCode('')
    setCodeSent(true)
  }

  function close() {
    setOpen(false)
    setCodeSent(false)
    verification.setMessage(undefined)
  }

  return (
    <>
      <Button variant="destructive-outline" size="sm" icon={Trash2} onClick={() => setOpen(true)}>
        {t('account:delete.action')}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={(next) => !busy.pending && !next && close()}
        title={t('account:delete.title')}
        description={codeSent ? t('auth:verify.sentTo', { email }) : t('account:delete.warning')}
      >
        {codeSent ? (
          <DialogCodeForm
            verification={verification}
            onResend={() => void sendCode()}
            onCancel={close}
            submit={t('account:delete.confirm')}
            destructive
          />
        ) : (
          <div className="flex flex-col gap-4">
            {verification.message && (
              <p role="alert" className="text-sm text-destructive-text">
                {verification.message}
              </p>
            )}
            <DialogActions>
              <Button variant="outline" disabled={busy.pending} onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button variant="destructive" loading={busy.pending} onClick={() => void sendCode()}>
                {t('account:delete.sendCode')}
              </Button>
            </DialogActions>
          </div>
        )}
      </ResponsiveDialog>
    </>
  )
}
