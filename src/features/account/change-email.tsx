import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Mail } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import { toast } from '~/components/ui/toast'
import { authCall, authErrorKey } from '~/features/auth/auth-call'
import { EmailCodeInput } from '~/features/auth/email-code-input'
import { sessionQuery } from '~/features/auth/guards'
import { fieldErrors } from '~/features/auth/schema'
import { useCodeVerification } from '~/features/auth/use-code-verification'

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
  const { code, setCode, errors, setErrors, notice, setNotice, busy, verify } = useCodeVerification(
    async (otp) => {
      const { error } = await authCall((client) => client.emailOtp.changeEmail({ newEmail, otp }))
      if (error) return error
      toast.success(t('account.emailUpdated'))
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      await router.invalidate()
      await setNewEmail('')
      return null
    },
  )

  const requestCode = (address: string) =>
    authCall((client) => client.emailOtp.requestEmailChange({ newEmail: address }))

  async function onRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zEmailChange.safeParse({ newEmail: new FormData(event.currentTarget).get('newEmail') })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    if (!busy.start()) return
    setErrors({})
    const { error } = await requestCode(parsed.data.newEmail)
    if (error) {
      busy.done()
      return setErrors({ newEmail: authErrorKey(error) })
    }
    // Busy until the code step is up: a press meanwhile would send a second code.
    setCode('')
    await setNewEmail(parsed.data.newEmail)
    setAsking(false)
    busy.done()
  }

  async function resend() {
    if (!busy.start()) return
    setErrors({})
    const { error } = await requestCode(newEmail)
    busy.done()
    if (error) return setErrors({ code: authErrorKey(error) })
    setCode('')
    setNotice(t('auth:verify.resent'))
  }

  function close() {
    setAsking(false)
    setErrors({})
    setNotice(undefined)
    if (newEmail) void setNewEmail('')
  }

  return (
    <>
      <Button variant="outline" size="sm" icon={Mail} onClick={() => setAsking(true)}>
        {t('account.changeEmail')}
      </Button>
      <ResponsiveDialog
        open={asking || newEmail !== ''}
        onOpenChange={(open) => !busy.pending && !open && close()}
        title={t('account.changeEmail')}
        description={newEmail ? t('auth:verify.sentTo', { email: newEmail }) : t('account.newEmailHint')}
      >
        {newEmail ? (
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              void verify(code)
            }}
          >
            <EmailCodeInput
              value={code}
              onChange={setCode}
              onComplete={(value) => void verify(value)}
              busy={busy.pending}
              error={errors.code && t(errors.code)}
            />
            {notice && (
              <p role="status" className="text-sm">
                {notice}
              </p>
            )}
            <Button variant="outline" disabled={busy.pending} onClick={() => void resend()}>
              {t('auth:verify.resend')}
            </Button>
            <DialogActions>
              <Button variant="outline" disabled={busy.pending} onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={busy.pending}>
                {t('auth:verify.submit')}
              </Button>
            </DialogActions>
          </form>
        ) : (
          <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void onRequest(event)}>
            <Field
              label={t('account.newEmail')}
              name="newEmail"
              type="email"
              autoComplete="email"
              required
              autoFocus
              error={errors.newEmail && t(errors.newEmail)}
            />
            <DialogActions>
              <Button variant="outline" disabled={busy.pending} onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={busy.pending}>
                {t('account.sendCode')}
              </Button>
            </DialogActions>
          </form>
        )}
      </ResponsiveDialog>
    </>
  )
}
