import { createFileRoute } from '@tanstack/react-router'

import { handleUpload } from '~/features/uploads/uploads.server'

/** An uploaded image for one of the upload targets: PUT the file to store it, DELETE to remove it. */
export const Route = createFileRoute('/api/uploads/$target/$id')({
  server: {
    handlers: {
      PUT: ({ request, params }) => handleUpload(request, params.target, params.id),
      DELETE: ({ request, params }) => handleUpload(request, params.target, params.id),
    },
  },
})
