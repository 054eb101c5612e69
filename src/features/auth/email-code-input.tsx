import type { ComponentProps, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { CodeInput } from '~/components/ui/code-input'
import { useRootData } from '~/features/root/use-root-data'

import type { useCodeVerification } from './use-code-verification'

/** The input for an e-mailed code, with its length, label and lifetime. */
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

/**
 * The form around an e-mailed code, sent when the last digit is typed or on submit, with the last
 * try's message. `children` are its buttons.
 */
export function CodeForm({
  verification,
  children,
  submitWhenComplete = true,
}: {
  verification: ReturnType<typeof useCodeVerification>
  children: ReactNode
  /** Tries the code when its last digit is typed; off where a button must confirm, as for deletion. */
  submitWhenComplete?: boolean
}) {
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void verification.verify(verification.code)
      }}
    >
      <EmailCodeInput
        value={verification.code}
        onChange={verification.setCode}
        onComplete={submitWhenComplete ? (value) => void verification.verify(value) : undefined}
        busy={verification.busy.pending || verification.waiting}
        error={verification.message}
      />
      {children}
    </form>
  )
}
