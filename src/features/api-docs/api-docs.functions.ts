import { createServerFn } from '@tanstack/react-start'

import { isOfferedAuthPath } from '~/features/auth/auth-routes'
import { authorizeFunction } from '~/features/auth/require-permission'
import { auth } from '~/server/auth'

import { type OpenApiDocument, toApiReference } from './api-reference'

/**
 * better-auth's HTTP API as documented by its own OpenAPI schema, for the manager's API page:
 * the routes Folio serves (not those of flows it does not offer).
 */
export const getApiReference = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('api-docs--getApiReference')])
  .handler(async () => {
    const document: OpenApiDocument = await (await auth()).api.generateOpenAPISchema()
    const paths = Object.entries(document.paths).filter(([path]) => isOfferedAuthPath(path))
    return toApiReference({ ...document, paths: Object.fromEntries(paths) })
  })
