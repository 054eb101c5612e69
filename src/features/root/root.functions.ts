import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'

import { appConfig } from '@/app.config'
import { publicEnv } from '~/server/env'
import { detectLanguage, resourcesFor } from '~/server/i18n'

/** What every page needs before it renders: its language, that language's texts and public settings. */
export const getRootData = createServerFn({ method: 'GET' }).handler(() => {
  const lng = detectLanguage(getRequest())
  return { lng, resources: resourcesFor(lng, appConfig.i18n.namespaces), env: publicEnv() }
})
