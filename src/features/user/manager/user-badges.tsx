import { Ban, CircleCheck, Clock, Shield, User } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { Badge } from '~/components/ui/badge'

import { roleLabel } from '../role-label'

/** A user's role: administrators stand out. */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation('user')
  const admin = role.split(',').includes('admin')
  return (
    <Badge tone={admin ? 'primary' : 'neutral'} icon={admin ? Shield : User}>
      {roleLabel(t, role)}
    </Badge>
  )
}

/** Whether a user may sign in: active, or banned. */
export function StatusBadge({ banned, className }: { banned: boolean; className?: string }) {
  const { t } = useTranslation('user')
  return banned ? (
    <Badge tone="destructive" icon={Ban} className={className}>
      {t('status.banned')}
    </Badge>
  ) : (
    <Badge tone="success" icon={CircleCheck} className={className}>
      {t('status.active')}
    </Badge>
  )
}

/** A user's role, onboarding status and ban, at a glance. */
export function UserBadges({
  user,
}: {
  user: { role: string; onboardedAt: Date | string | null; banned: boolean }
}) {
  const { t } = useTranslation('user')
  return (
    <span className="flex flex-wrap gap-1.5">
      <RoleBadge role={user.role} />
      {user.onboardedAt ? (
        <Badge tone="success" icon={CircleCheck}>
          {t('status.onboarded')}
        </Badge>
      ) : (
        <Badge tone="warning" icon={Clock}>
          {t('status.notOnboarded')}
        </Badge>
      )}
      {user.banned && <StatusBadge banned />}
    </span>
  )
}
