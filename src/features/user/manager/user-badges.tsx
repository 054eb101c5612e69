import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

import { roleLabel } from '../role-label'

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium'

/** A user's role, onboarding status and ban, at a glance. */
export function UserBadges({
  user,
}: {
  user: { role: string; onboardedAt: Date | string | null; banned: boolean }
}) {
  const { t } = useTranslation('user')
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={cn(badge, 'bg-neutral-100 dark:bg-neutral-800')}>{roleLabel(t, user.role)}</span>
      <span
        className={cn(
          badge,
          user.onboardedAt
            ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
            : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
        )}
      >
        {t(user.onboardedAt ? 'status.onboarded' : 'status.notOnboarded')}
      </span>
      {user.banned && (
        <span className={cn(badge, 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200')}>
          {t('status.banned')}
        </span>
      )}
    </span>
  )
}
