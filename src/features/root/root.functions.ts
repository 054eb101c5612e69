import { createServerFn } from '@tanstack/react-start'
import { getCookie, getRequest } from '@tanstack/react-start/server'
import { z } from 'zod/mini'

import { appConfig } from '@/app.config'
import { namespacesOf } from '~/lib/i18n'
import { validateInput } from '~/lib/validate-input'
import { captchaEnabled, configuredProviders, signUpEnabled } from '~/server/auth'
import { publicEnv, serverEnv } from '~/server/env'
import { detectLanguage, resourceBundle } from '~/server/i18n'

const zRootDataInput = z.object({
  namespaces: z.array(z.enum(appConfig.i18n.namespaces)).check(z.maxLength(appConfig.i18n.namespaces.length)),
})

/**
 * What every page needs before it renders: its language, the texts of its namespaces and the
 * public settings.
 */
export const getRootData = createServerFn({ method: 'GET' })
  .validator(validateInput(zRootDataInput))
  .handler(({ data }) => {
    const lng = detectLanguage(getRequest())
    const env = serverEnv()
    return {
      lng,
      resources: resourceBundle(lng, namespacesOf([{ staticData: data }])),
      env: publicEnv(),
      sidebarCollapsed: getCookie(appConfig.sidebarCookie) === 'collapsed',
      auth: {
        codeExpiryMinutes: env.AUTH_CODE_EXPIRY_MINUTES,
        codeResendSeconds: env.RATE_LIMIT_ENABLED ? env.CODE_RESEND_SECONDS : 0,
        signUpEnabled: signUpEnabled(env),
        providers: configuredProviders(env).map((id) => ({
          id,
          name: id === 'oidc' ? env.OIDC_PROVIDER_NAME : id === 'github' ? 'GitHub' : 'Google',
        })),
        captchaSiteKey: captchaEnabled(env) ? env.TURNSTILE_SITE_KEY : '',
      },
    }
  })
