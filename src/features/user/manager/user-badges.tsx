import { Ban, CircleCheck, Clock, Shield, User } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { Badge } from '~/components/ui/badge'

import { roleLabel } from '../role-label'

/** A user's role, onboarding status and ban, at a glance. */
export function UserBadges({
  user,
}: {
  user: { role: string; onboardedAt: Date | string | null; banned: boolean }
}) {
  const { t } = useTranslation('user')
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge
        tone={user.role.split(',').includes('admin') ? 'primary' : 'neutral'}
        icon={user.role.split(',').includes('admin') ? Shield : User}
      >
        {roleLabel(t, user.role)}
      </Badge>
      {user.onboardedAt ? (
        <Badge tone="success" icon={CircleCheck}>
          {t('status.onboarded')}
        </Badge>
      ) : (
        <Badge tone="warning" icon={Clock}>
          {t('status.notOnboarded')}
        </Badge>
      )}
      {user.banned && (
        <Badge tone="destructive" icon={Ban}>
          {t('status.banned')}
        </Badge>
      )}
    </span>
  )
}
