import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { SchemaForm, useSchemaForm } from '~/components/ui/form'
import { useBusy } from '~/lib/use-busy'

import { authErrorKey } from './auth-call'
import { Captcha, useCaptcha } from './captcha'
import { PasskeySignIn } from './passkey-sign-in'
import { zLoginForm } from './schema'
import { sendCode } from './send-code'

/** The e-mail address for a sign-in code, or a passkey. */
export default function LoginForm({ redirect }: { redirect?: string }) {
  const { t } = useTranslation(['auth', 'errors'])
  const navigate = useNavigate()
  const captcha = useCaptcha()
  const busy = useBusy()
  const form = useSchemaForm({ schema: zLoginForm, defaultValues: { email: '' }, onSubmit })

  async function onSubmit({ email }: { email: string }): Promise<void> {
    if (!busy.start()) return
    const { error } = await sendCode(email, captcha)
    if (error) {
      busy.done()
      form.showServerErrors({ form: authErrorKey(error) })
      return
    }
    // Stay busy until the code page shows, because a click meanwhile would send a second code.
    await navigate({ to: '/login/verify', search: { email, redirect } })
  }

  return (
    <SchemaForm form={form}>
      <form.AppField name="email">
        {(field) => (
          <field.TextField
            label={t('login.emailLabel')}
            type="email"
            // `webauthn` lets the browser offer a passkey among the field's suggestions.
            autoComplete="email webauthn"
            inputMode="email"
            dir="ltr"
            required
            placeholder={t('login.emailPlaceholder')}
          />
        )}
      </form.AppField>
      <Captcha captcha={captcha} />
      <form.FormAlert />
      <Button type="submit" loading={busy.pending}>
        {t('login.continueWithEmail')}
      </Button>
      <PasskeySignIn redirect={redirect} />
    </SchemaForm>
  )
}
