import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { AuthLayout } from '~/components/auth-layout'
import { Button } from '~/components/ui/button'
import { SchemaForm, useSchemaForm } from '~/components/ui/form'
import { toast } from '~/components/ui/toast'
import { showDemoDialogFor } from '~/lib/demo-mode'
import { useBusy } from '~/lib/use-busy'

import { completeOnboarding } from './auth.functions'
import { sessionQuery } from './guards'
import { homeOf, safeRedirect } from './redirect'
import { zOnboardingForm } from './schema'

const route = getRouteApi('/onboarding')

/** Asks once for the visitor's name; every page under /app and /manager leads here until it is done. */
export function PageOnboarding() {
  const { t } = useTranslation('auth')
  const { session } = route.useRouteContext()
  const search = route.useSearch()
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  const onboard = useServerFn(completeOnboarding)
  const busy = useBusy()
  const form = useSchemaForm({ schema: zOnboardingForm, defaultValues: { name: '' }, onSubmit })

  async function onSubmit(values: { name: string }) {
    if (!busy.start()) return
    try {
      await onboard({ data: values })
    } catch (error) {
      busy.done()
      if (!showDemoDialogFor(error)) toast.error(t('onboarding.failed'))
      return
    }
    queryClient.removeQueries({ queryKey: sessionQuery.queryKey })
    await router.invalidate()
    const next = safeRedirect(search.redirect) ?? homeOf(session.user.role)
    await navigate({ href: next, replace: true })
    // The app's home says 'Welcome, {name}' in its heading; other destinations get a toast.
    if (next !== '/app') toast.success(t('areas:home.welcome', { name: values.name }))
  }

  return (
    <AuthLayout>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('onboarding.title')}</h1>
        <p className="text-muted-foreground">{t('onboarding.subtitle')}</p>
      </div>
      <SchemaForm form={form}>
        <form.AppField name="name">
          {(field) => (
            <field.TextField label={t('onboarding.nameLabel')} autoComplete="name" required autoFocus />
          )}
        </form.AppField>
        <p className="text-sm text-muted-foreground">
          {t('onboarding.signedInAs', { email: session.user.email })}
        </p>
        <Button type="submit" loading={busy.pending}>
          {t('onboarding.submit')}
        </Button>
      </SchemaForm>
    </AuthLayout>
  )
}
