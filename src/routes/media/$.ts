import { createFileRoute } from '@tanstack/react-router'

import { serveStoredFile } from '~/server/storage/serve'

/** Uploaded files, by their storage key; their names change with their content, so they never go stale. */
export const Route = createFileRoute('/media/$')({
  server: {
    handlers: {
      GET: ({ params }) => serveStoredFile(params._splat ?? ''),
    },
  },
})
