import { CircleCheck, MonitorSmartphone, VenetianMask } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { Badge } from '~/components/ui/badge'
import { cardClass } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { RelativeTime } from '~/components/ui/relative-time'
import { cn } from '~/lib/cn'

import type { getUserSessions } from './user.functions'

/** A live session as the server lists it: its token shortened, its device read from the user agent. */
export type SessionRow = Awaited<ReturnType<typeof getUserSessions>>[number]

/**
 * Sessions, one line each: the device, its IP address and when it was last active, then its
 * badges (the one in use, one opened by an admin impersonating) and `action` (Revoke) for every
 * one but the one in use. The manager shows each token shortened too (`showToken`), to tell them
 * apart.
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
  if (sessions.length === 0) return <EmptyState icon={MonitorSmartphone} text={t('sessions.empty')} />
  return (
    <ul className={cn(cardClass, 'divide-y divide-border')}>
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
          <SessionLine session={session} showToken={showToken} />
          {session.current && (
            <Badge tone="success" icon={CircleCheck}>
              {t('sessions.current')}
            </Badge>
          )}
          {session.impersonatedBy && (
            <Badge tone="warning" icon={VenetianMask}>
              {t('sessions.impersonated')}
            </Badge>
          )}
          {!session.current && action(session)}
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

const separator = (
  <span aria-hidden="true" className="text-muted-foreground">
    {' · '}
  </span>
)

/**
 * 'Chrome on Linux · 127.0.0.1 · active 2 minutes ago', wrapping on a narrow screen. The whole user
 * agent is shown on request: a disclosure, which a keyboard and a screen reader open like a click.
 */
function SessionLine({ session, showToken }: { session: SessionRow; showToken: boolean }) {
  const { t } = useTranslation('user')
  const deviceName = useDeviceName()
  const line = (
    <>
      <span className={cn(session.userAgent && 'underline decoration-dotted underline-offset-4')}>
        {deviceName(session)}
      </span>
      {separator}
      <span className="text-muted-foreground">
        {/* An address reads left to right, even on an Arabic page. */}
        {session.ipAddress ? <span dir="ltr">{session.ipAddress}</span> : t('sessions.unknownAddress')}
      </span>
      {separator}
      <RelativeTime
        date={session.updatedAt}
        phrase={(time) => t('sessions.active', { time })}
        className="whitespace-nowrap text-muted-foreground"
      />
      {showToken && (
        <>
          {separator}
          <span className="whitespace-nowrap text-muted-foreground tabular-nums">{session.token}</span>
        </>
      )}
    </>
  )
  const lineClass = 'min-w-0 flex-1 basis-56 text-sm'
  if (!session.userAgent) return <p className={lineClass}>{line}</p>
  return (
    <details className={lineClass}>
      <summary className="cursor-pointer list-none">{line}</summary>
      <p className="mt-1 text-xs break-all text-muted-foreground">{session.userAgent}</p>
    </details>
  )
}
