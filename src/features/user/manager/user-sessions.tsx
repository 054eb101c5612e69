import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { CircleCheck, LogOut, MonitorSmartphone } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { ConfirmedAction } from '~/components/confirmed-action'
import { Badge } from '~/components/ui/badge'
import { cardClass } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { useAction } from '~/lib/use-action'
import { useFormatDate } from '~/lib/use-format-date'

import { userSessionsQuery } from '../queries'
import { revokeSession, revokeSessions } from '../user.functions'

/**
 * A user's live sessions: revoke one, or all of them (better-auth's admin endpoints). The
 * session the admin is using is marked and cannot be revoked from here.
 */
export function UserSessions({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const { t } = useTranslation(['user', 'errors'])
  const formatDate = useFormatDate()
  const queryClient = useQueryClient()
  const { data: sessions } = useSuspenseQuery(userSessionsQuery(userId))
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users', 'sessions', userId] })
  const revokeAll = useServerFn(revokeSessions)

  return (
    <section aria-labelledby="sessions-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sessions-title" className="text-lg font-semibold">
          {t('sessions.title')}
        </h2>
        {sessions.length > 0 && (
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
        )}
      </div>
      {isSelf && <p className="text-sm text-muted-foreground">{t('sessions.selfHint')}</p>}
      {sessions.length === 0 ? (
        <EmptyState icon={MonitorSmartphone} text={t('sessions.empty')} />
      ) : (
        <ul className={cn(cardClass, 'divide-y divide-border')}>
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t('sessions.token')}</dt>
                <dd className="font-mono">{session.token}</dd>
                <dt className="text-muted-foreground">{t('sessions.device')}</dt>
                <dd className="min-w-0">
                  <SessionDevice session={session} />
                </dd>
                <dt className="text-muted-foreground">{t('sessions.ip')}</dt>
                <dd>{session.ipAddress || t('sessions.unknown')}</dd>
                <dt className="text-muted-foreground">{t('sessions.updated')}</dt>
                <dd className="whitespace-nowrap">{formatDate(session.updatedAt)}</dd>
                <dt className="text-muted-foreground">{t('sessions.expires')}</dt>
                <dd className="whitespace-nowrap">{formatDate(session.expiresAt)}</dd>
              </dl>
              {session.current ? (
                <Badge tone="success" icon={CircleCheck}>
                  {t('sessions.current')}
                </Badge>
              ) : (
                <RevokeSession userId={userId} session={session} onRevoked={refresh} />
              )}
            </li>
          ))}
        </ul>
      )}
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

/**
 * 'Chrome on Linux' (or what of it the user agent says), the whole user agent shown on request:
 * a disclosure, which a keyboard and a screen reader open like a click.
 */
function SessionDevice({
  session,
}: {
  session: { userAgent: string | null; device: { browser?: string; os?: string } }
}) {
  const { t } = useTranslation('user')
  const { browser, os } = session.device
  if (!session.userAgent) return t('sessions.unknown')
  const name =
    browser && os ? t('sessions.deviceOn', { browser, os }) : (browser ?? os ?? t('sessions.unknownDevice'))
  return (
    <details>
      <summary className="cursor-pointer list-none underline decoration-dotted underline-offset-4">
        {name}
      </summary>
      <p className="mt-1 font-mono text-xs break-all text-muted-foreground">{session.userAgent}</p>
    </details>
  )
}
