import { createServerFn } from '@tanstack/react-start'

import { isOfferedAuthPath } from '~/features/auth/auth-routes'
import { authorizeFunction } from '~/features/auth/require-permission'
import { auth } from '~/server/auth'

import { type OpenApiDocument, toApiReference } from './api-reference'

/** better-auth's OpenAPI schema for the manager's API page, limited to the routes Folio serves. */
export const getApiReference = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('api-docs--getApiReference')])
  .handler(async () => {
    const instance = await auth()
    const document: OpenApiDocument = await instance.api.generateOpenAPISchema()
    const paths = Object.entries(document.paths).filter(([path]) => isOfferedAuthPath(path))
    // The schema states a fixed version, so show the installed better-auth's version instead.
    const { version } = await instance.$context
    return toApiReference({
      ...document,
      info: { ...document.info, version },
      paths: Object.fromEntries(paths),
    })
  })
