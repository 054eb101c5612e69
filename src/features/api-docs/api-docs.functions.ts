import { createServerFn } from '@tanstack/react-start'

import { authorizeFunction } from '~/features/auth/require-permission'
import { auth } from '~/server/auth'

import { type OpenApiDocument, toApiReference } from './api-reference'

/** better-auth's HTTP API as documented by its own OpenAPI schema, for the manager's API page. */
export const getApiReference = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('api-docs--getApiReference')])
  .handler(async () => {
    const document: OpenApiDocument = await (await auth()).api.generateOpenAPISchema()
    return toApiReference(document)
  })
