import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'

import { handleUpload } from '~/features/uploads/uploads.server'
import { clientIp } from '~/server/client-ip'
import { serverEnv } from '~/server/env'

const handler = ({ request, params }: { request: Request; params: { target: string; id: string } }) =>
  handleUpload(request, params.target, params.id, clientIp(request, serverEnv(), getRequestIP()))

/** An uploaded image for one of the upload targets: PUT the file to store it, DELETE to remove it. */
export const Route = createFileRoute('/api/uploads/$target/$id')({
  server: {
    handlers: {
      PUT: handler,
      DELETE: handler,
    },
  },
})
