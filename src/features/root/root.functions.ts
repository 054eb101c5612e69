import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'

import { appConfig } from '@/app.config'
import { publicEnv, serverEnv } from '~/server/env'
import { detectLanguage, resourcesFor } from '~/server/i18n'

/** What every page needs before it renders: its language, that language's texts and public settings. */
export const getRootData = createServerFn({ method: 'GET' }).handler(() => {
  const lng = detectLanguage(getRequest())
  const env = serverEnv()
  return {
    lng,
    resources: resourcesFor(lng, appConfig.i18n.namespaces),
    env: publicEnv(),
    auth: {
      codeExpiryMinutes: env.AUTH_CODE_EXPIRY_MINUTES,
      signUpEnabled: env.AUTH_SIGNUP_ENABLED && !env.DEMO_MODE,
    },
  }
})
