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
    const instance = await auth()
    const document: OpenApiDocument = await instance.api.generateOpenAPISchema()
    const paths = Object.entries(document.paths).filter(([path]) => isOfferedAuthPath(path))
    // The schema names a fixed version of its own; the API is that of the better-auth installed.
    const { version } = await instance.$context
    return toApiReference({
      ...document,
      info: { ...document.info, version },
      paths: Object.fromEntries(paths),
    })
  })
