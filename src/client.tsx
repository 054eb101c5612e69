import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

import { errorTypeOf } from '~/components/route-error'

/**
 * The browser's entry: TanStack Start's own, with one change. React logs every error an error
 * boundary catches, and the 403 and 404 pages are drawn by one: a missing right or a record that
 * does not exist is the page's answer, not a failure, so it stays out of the console. Any other
 * error caught is still logged.
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
