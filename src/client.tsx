import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

import { errorTypeOf } from '~/components/route-error'

/**
 * The browser's entry, as TanStack Start's but with one change: 403 and 404 errors caught by an
 * error boundary are not logged, because they are normal answers, not failures.
 */
function onCaughtError(error: unknown) {
  const type = errorTypeOf(error)
  if (type !== '403' && type !== '404') console.error(error)
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
    { onCaughtError },
  )
})
