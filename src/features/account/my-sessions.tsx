import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { LogOut } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { ConfirmedAction } from '~/components/confirmed-action'
import { CardSection } from '~/components/ui/card'
import { SessionList, type SessionRow, useDeviceName } from '~/features/user/session-list'

import { authAction } from '~/features/auth/auth-call'

import { revokeMySession } from './account.functions'
import { mySessionsQuery } from './queries'

/**
 * Where the signed-in person is signed in: each session's device, where and when it was last
 * used, this one marked; sign one out, or every other one, each once confirmed. A device signed
 * out here finds its session gone at its next request.
 */
export function MySessions() {
  const { t } = useTranslation(['common', 'user'])
  const queryClient = useQueryClient()
  const { data: sessions } = useSuspenseQuery(mySessionsQuery)
  const refresh = () => queryClient.invalidateQueries({ queryKey: mySessionsQuery.queryKey })
  return (
    <CardSection
      id="my-sessions"
      title={t('account:sessions.title')}
      description={t('account:sessions.hint')}
      actions={
        sessions.some((session) => !session.current) && (
          <ConfirmedAction
            label={t('account:sessions.revokeOthers')}
            icon={LogOut}
            size="sm"
            title={t('account:sessions.revokeOthersTitle')}
            description={t('account:sessions.revokeOthersDescription')}
            confirmLabel={t('account:sessions.revokeOthers')}
            run={() => authAction((client) => client.revokeOtherSessions())}
            succeeded={t('account:sessions.revokedOthers')}
            failed={t('user:sessions.revokeAllFailed')}
            onSuccess={refresh}
          />
        )
      }
    >
      <SessionList
        sessions={sessions}
        action={(session) => <RevokeMySession session={session} onRevoked={refresh} />}
      />
    </CardSection>
  )
}

function RevokeMySession({ session, onRevoked }: { session: SessionRow; onRevoked: () => unknown }) {
  const { t } = useTranslation(['common', 'user'])
  const deviceName = useDeviceName()
  const revoke = useServerFn(revokeMySession)
  const device = deviceName(session)
  return (
    <ConfirmedAction
      label={t('account:sessions.revoke')}
      ariaLabel={t('account:sessions.revokeDevice', { device, ip: session.ipAddress ?? '' })}
      icon={LogOut}
      size="sm"
      title={t('account:sessions.revokeTitle')}
      description={t('account:sessions.revokeDescription', { device })}
      confirmLabel={t('account:sessions.revoke')}
      run={() => revoke({ data: { sessionId: session.id } })}
      succeeded={t('account:sessions.revoked')}
      failed={t('user:sessions.revokeFailed')}
      onSuccess={onRevoked}
    />
  )
}
