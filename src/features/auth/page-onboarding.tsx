import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { AuthLayout } from '~/components/auth-layout'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { toast } from '~/components/ui/toast'
import { showDemoDialogFor } from '~/lib/demo-mode'
import { useBusy } from '~/lib/use-busy'

import { completeOnboarding } from './auth.functions'
import { sessionQuery } from './guards'
import { homeOf, safeRedirect } from './redirect'
import { fieldErrors, zOnboardingForm } from './schema'

const route = getRouteApi('/onboarding')

/** Asked once: the visitor's name. Every page under /app and /manager leads here until it is done. */
export function PageOnboarding() {
  const { t } = useTranslation('auth')
  const { session } = route.useRouteContext()
  const search = route.useSearch()
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  const onboard = useServerFn(completeOnboarding)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const busy = useBusy()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zOnboardingForm.safeParse({ name: new FormData(event.currentTarget).get('name') })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    if (!busy.start()) return
    try {
      await onboard({ data: parsed.data })
    } catch (error) {
      busy.done()
      if (!showDemoDialogFor(error)) toast.error(t('onboarding.failed'))
      return
    }
    queryClient.removeQueries({ queryKey: sessionQuery.queryKey })
    await router.invalidate()
    const next = safeRedirect(search.redirect) ?? homeOf(session.user.role)
    await navigate({ href: next, replace: true })
    // Then 'Welcome {name}': the app's home says it in its heading, any other page here.
    if (next !== '/app') toast.success(t('common:home.welcome', { name: parsed.data.name }))
  }

  return (
    <AuthLayout>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('onboarding.title')}</h1>
        <p className="text-muted-foreground">{t('onboarding.subtitle')}</p>
      </div>
      <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <Field
          label={t('onboarding.nameLabel')}
          name="name"
          autoComplete="name"
          required
          autoFocus
          defaultValue=""
          error={errors.name && t(errors.name)}
        />
        <p className="text-sm text-muted-foreground">
          {t('onboarding.signedInAs', { email: session.user.email })}
        </p>
        <Button type="submit" loading={busy.pending}>
          {t('onboarding.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}
