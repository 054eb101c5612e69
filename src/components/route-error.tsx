import type { ErrorComponentProps } from '@tanstack/react-router'

import { isForbidden } from '~/features/auth/guards'

import { PageError } from './page-error'

/** The error page of a route group: 403 for a missing right, otherwise 500. */
export function RouteError({ error }: ErrorComponentProps) {
  return <PageError type={isForbidden(error) ? '403' : '500'} />
}
