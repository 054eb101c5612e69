import type { ComponentProps, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { CodeInput } from '~/components/ui/code-input'
import { useRootData } from '~/features/root/use-root-data'

import type { useCodeVerification } from './use-code-verification'

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

/**
 * The form around an e-mailed code: the code's input, sent as the last digit is typed or on
 * submit, with what `verification` says of the last try; `children` after it (its buttons).
 */
export function CodeForm({
  verification,
  children,
  submitWhenComplete = true,
}: {
  verification: ReturnType<typeof useCodeVerification>
  children: ReactNode
  /** Tries the code as its last digit is typed; off where a press must confirm (a deletion). */
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
