import { CircleCheck, MonitorSmartphone } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { Badge } from '~/components/ui/badge'
import { cardClass } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { cn } from '~/lib/cn'
import { useFormatDate } from '~/lib/use-format-date'

import type { getUserSessions } from './user.functions'

/** A live session as the server lists it: its token shortened, its device read from the user agent. */
export type SessionRow = Awaited<ReturnType<typeof getUserSessions>>[number]

/**
 * Sessions, one row each: the device, where it was last used (its IP address) and when, and
 * when it ends; the one in use is marked, every other one gets `action` (Revoke). The manager
 * shows each token shortened too (`showToken`), to tell them apart.
 */
export function SessionList({
  sessions,
  action,
  showToken = false,
}: {
  sessions: SessionRow[]
  action: (session: SessionRow) => ReactNode
  showToken?: boolean
}) {
  const { t } = useTranslation('user')
  const formatDate = useFormatDate()
  if (sessions.length === 0) return <EmptyState icon={MonitorSmartphone} text={t('sessions.empty')} />
  return (
    <ul className={cn(cardClass, 'divide-y divide-border')}>
      {sessions.map((session) => (
        <li
          key={session.id}
          className="flex flex-col items-start gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {showToken && (
              <>
                <dt className="text-muted-foreground">{t('sessions.token')}</dt>
                <dd className="tabular-nums">{session.token}</dd>
              </>
            )}
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
            action(session)
          )}
        </li>
      ))}
    </ul>
  )
}

/** 'Chrome on Linux' (or what of it the user agent says), as a person reads a device. */
export function useDeviceName() {
  const { t } = useTranslation('user')
  return ({ userAgent, device: { browser, os } }: Pick<SessionRow, 'userAgent' | 'device'>) =>
    !userAgent
      ? t('sessions.unknown')
      : browser && os
        ? t('sessions.deviceOn', { browser, os })
        : (browser ?? os ?? t('sessions.unknownDevice'))
}

/**
 * The device's name, the whole user agent shown on request: a disclosure, which a keyboard and a
 * screen reader open like a click.
 */
function SessionDevice({ session }: { session: SessionRow }) {
  const deviceName = useDeviceName()
  if (!session.userAgent) return deviceName(session)
  return (
    <details>
      <summary className="cursor-pointer list-none underline decoration-dotted underline-offset-4">
        {deviceName(session)}
      </summary>
      <p className="mt-1 text-xs break-all text-muted-foreground">{session.userAgent}</p>
    </details>
  )
}
