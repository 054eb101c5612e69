import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { LogOut } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { ConfirmedAction } from '~/components/confirmed-action'
import { Button } from '~/components/ui/button'
import { SectionHeader } from '~/components/ui/card'
import { useAction } from '~/lib/use-action'

import { userSessionsQuery } from '../queries'
import { SessionList } from '../session-list'
import { revokeSession, revokeSessions } from '../user.functions'

/**
 * A user's live sessions: revoke one, or all of them (better-auth's admin endpoints). The
 * session the admin is using is marked and cannot be revoked from here.
 */
export function UserSessions({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const { t } = useTranslation(['user', 'errors'])
  const queryClient = useQueryClient()
  const { data: sessions } = useSuspenseQuery(userSessionsQuery(userId))
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users', 'sessions', userId] })
  const revokeAll = useServerFn(revokeSessions)

  return (
    <section aria-labelledby="sessions-title" className="flex flex-col gap-3">
      <SectionHeader
        id="sessions-title"
        title={t('sessions.title')}
        description={isSelf ? t('sessions.selfHint') : undefined}
        actions={
          sessions.length > 0 && (
            <ConfirmedAction
              label={t('sessions.revokeAll')}
              icon={LogOut}
              title={t('sessions.revokeAllTitle')}
              description={t('sessions.revokeAllDescription')}
              confirmLabel={t('sessions.revokeAll')}
              run={() => revokeAll({ data: { id: userId } })}
              succeeded={t('sessions.revokedAll')}
              failed={t('sessions.revokeAllFailed')}
              onSuccess={refresh}
              disabled={isSelf}
            />
          )
        }
      />
      <SessionList
        sessions={sessions}
        showToken
        action={(session) => <RevokeSession userId={userId} session={session} onRevoked={refresh} />}
      />
    </section>
  )
}

/** One session's Revoke: each row runs its own call, busy on its own, once however fast it is clicked. */
function RevokeSession({
  userId,
  session,
  onRevoked,
}: {
  userId: string
  session: { id: string; token: string }
  onRevoked: () => unknown
}) {
  const { t } = useTranslation(['user', 'errors'])
  const revokeOne = useServerFn(revokeSession)
  const revoke = useAction(() => revokeOne({ data: { id: userId, sessionId: session.id } }), {
    succeeded: t('sessions.revoked'),
    failed: t('sessions.revokeFailed'),
    onSuccess: onRevoked,
  })
  return (
    <Button
      variant="outline"
      size="sm"
      icon={LogOut}
      loading={revoke.isPending}
      onClick={() => revoke.mutate(undefined)}
      // Each row's button names its session: a list of 'Revoke' alone tells none apart.
      aria-label={t('sessions.revokeOne', { token: session.token })}
    >
      {t('sessions.revoke')}
    </Button>
  )
}
