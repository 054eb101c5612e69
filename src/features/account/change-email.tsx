import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { SchemaForm, useSchemaForm } from '~/components/ui/form'
import { toast } from '~/components/ui/toast'
import { authCall, authErrorKey } from '~/features/auth/auth-call'
import { sessionQuery } from '~/features/auth/guards'
import { recordCodeSent } from '~/features/auth/code-attempts'
import { useCodeVerification } from '~/features/auth/use-code-verification'

import { DialogCodeForm } from './dialog-code-form'
import { zEmailChange } from './schema'

/**
 * Changing one's e-mail in two steps, in one drawer: the new address, to which a code is sent;
 * then that code, while `?newEmail=` holds the address (so a reload keeps the step). The
 * address changes only once the code is verified.
 */
export function ChangeEmail({
  newEmail,
  setNewEmail,
}: {
  newEmail: string
  setNewEmail: (newEmail: string) => Promise<void>
}) {
  const { t } = useTranslation(['common', 'auth', 'errors'])
  const router = useRouter()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const verification = useCodeVerification(newEmail, async (otp) => {
    const { error } = await authCall((client) => client.emailOtp.changeEmail({ newEmail, otp }))
    if (error) return error
    toast.success(t('account:emailUpdated'))
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
    await router.invalidate()
    await setNewEmail('')
    return null
  })
  const { busy } = verification

  const requestCode = async (address: string) => {
    const result = await authCall((client) => client.emailOtp.requestEmailChange({ newEmail: address }))
    if (!result.error) recordCodeSent(address)
    return result
  }

  async function onRequest(values: { newEmail: string }): Promise<void> {
    if (!busy.start()) return
    verification.setMessage(undefined)
    const { error } = await requestCode(values.newEmail)
    if (error) {
      busy.done()
      addressForm.showServerErrors({ newEmail: authErrorKey(error) })
      return
    }
    // Busy until the code step is up: a press meanwhile would send a second code.
    verification.setCode('')
    await setNewEmail(values.newEmail)
    setAsking(false)
    busy.done()
  }
  const addressForm = useSchemaForm({
    schema: zEmailChange,
    defaultValues: { newEmail: '' },
    onSubmit: onRequest,
  })

  async function resend() {
    if (!busy.start()) return
    verification.setMessage(undefined)
    const { error } = await requestCode(newEmail)
    busy.done()
    if (error) return verification.setMessage(authErrorKey(error))
    verification.newCodeSent(t('auth:verify.resent'))
  }

  function close() {
    setAsking(false)
    verification.setMessage(undefined)
    addressForm.reset()
    if (newEmail) void setNewEmail('')
  }

  return (
    <>
      <Button variant="outline" size="sm" icon={Mail} onClick={() => setAsking(true)}>
        {t('account:changeEmail')}
      </Button>
      <ResponsiveDialog
        open={asking || newEmail !== ''}
        onOpenChange={(open) => !busy.pending && !open && close()}
        title={t('account:changeEmail')}
        description={newEmail ? t('auth:verify.sentTo', { email: newEmail }) : t('account:newEmailHint')}
      >
        {newEmail ? (
          <DialogCodeForm
            verification={verification}
            onResend={() => void resend()}
            onCancel={close}
            submit={t('auth:verify.submit')}
          />
        ) : (
          <SchemaForm form={addressForm}>
            <addressForm.AppField name="newEmail">
              {(field) => (
                <field.TextField
                  label={t('account:newEmail')}
                  type="email"
                  autoComplete="email"
                  required
                  autoFocus
                />
              )}
            </addressForm.AppField>
            <DialogActions>
              <Button variant="outline" disabled={busy.pending} onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={busy.pending}>
                {t('account:sendCode')}
              </Button>
            </DialogActions>
          </SchemaForm>
        )}
      </ResponsiveDialog>
    </>
  )
}
