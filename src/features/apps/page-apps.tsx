import { getRouteApi, Link } from '@tanstack/react-router'
import { Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { AuthLayout } from '~/components/auth-layout'
import { hasPermission } from '~/features/auth/permissions'
import { cn } from '~/lib/cn'

const route = getRouteApi('/apps')

const apps = [
  { id: 'app', to: '/app', needs: { apps: ['app'] } },
  { id: 'manager', to: '/manager', needs: { apps: ['manager'] } },
] as const

/**
 * The app chooser: /app (simple, mobile first) or /manager (admin). It marks the current app, and
 * on one the person may not open, a calm note saying so and whom to ask.
 */
export function PageApps() {
  const { t } = useTranslation('common')
  const { session } = route.useRouteContext()
  const { from } = route.useSearch()
  return (
    <AuthLayout wide>
      <h1 className="text-2xl font-semibold">{t('areas:nav.switchApp')}</h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        {apps.map((app) => {
          const allowed = hasPermission(session.user.role, { apps: [...app.needs.apps] })
          const here = from === app.id
          const body = (
            <>
              <span className="flex items-center justify-between gap-2">
                <span className="text-lg font-semibold">{t(`areas:apps.${app.id}.name`)}</span>
                {here && (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                    {t('areas:apps.here')}
                  </span>
                )}
              </span>
              <span className="text-muted-foreground">{t(`areas:apps.${app.id}.description`)}</span>
              {!allowed && (
                <span
                  role="note"
                  className="mt-auto flex items-start gap-2 rounded-md bg-muted p-3 text-sm text-muted-foreground"
                >
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {t('areas:apps.denied')}
                </span>
              )}
            </>
          )
          const card = 'flex h-full flex-col gap-2 rounded-lg border border-border p-4'
          return (
            <li key={app.id}>
              {allowed ? (
                <Link
                  to={app.to}
                  aria-current={here ? 'page' : undefined}
                  className={cn(card, 'hover:border-primary')}
                >
                  {body}
                </Link>
              ) : (
                <div aria-disabled="true" className={card}>
                  {body}
                </div>
              )}
            </li>
          )
        })}
      </ul>
      <p className="flex gap-4 text-sm">
        <a href={appConfig.links.documentation} className="underline" target="_blank" rel="noreferrer">
          {t('areas:apps.documentation')}
        </a>
        <a href={appConfig.links.openIssue} className="underline" target="_blank" rel="noreferrer">
          {t('areas:apps.openIssue')}
        </a>
      </p>
    </AuthLayout>
  )
}
