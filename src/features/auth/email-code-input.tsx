import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { CodeInput } from '~/components/ui/code-input'
import { useRootData } from '~/features/root/use-root-data'

/** The input for a code Folio e-mailed: its length, its label and how long it lasts. */
export function EmailCodeInput(props: Omit<ComponentProps<typeof CodeInput>, 'label' | 'length' | 'hint'>) {
  const { t } = useTranslation('auth')
  const { auth } = useRootData()
  return (
    <CodeInput
      label={t('verify.codeLabel')}
      length={appConfig.auth.codeLength}
      hint={t('verify.expiresIn', { count: auth.codeExpiryMinutes })}
      {...props}
    />
  )
}
