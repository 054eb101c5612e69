import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { DialogActions } from '~/components/ui/dialog'
import { CodeForm } from '~/features/auth/email-code-input'
import type { useCodeVerification } from '~/features/auth/use-code-verification'

/**
 * A code's step inside a dialog: the code, what was last said ('A new code is on its way'), 'Send
 * a new code', then Cancel and the step's own button (`submit`), which a wait or a spent code
 * disables.
 */
export function DialogCodeForm({
  verification,
  onResend,
  onCancel,
  submit,
  destructive = false,
}: {
  verification: ReturnType<typeof useCodeVerification>
  onResend: () => void
  onCancel: () => void
  submit: string
  /** The step deletes something: its button is red and typing the last digit does not press it. */
  destructive?: boolean
}) {
  const { t } = useTranslation(['common', 'auth'])
  const { busy } = verification
  return (
    <CodeForm verification={verification} submitWhenComplete={!destructive}>
      {verification.notice && (
        <p role="status" className="text-sm">
          {verification.notice}
        </p>
      )}
      <Button variant="outline" disabled={busy.pending} onClick={onResend}>
        {t('auth:verify.resend')}
      </Button>
      <DialogActions>
        <Button variant="outline" disabled={busy.pending} onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant={destructive ? 'destructive' : 'primary'}
          icon={destructive ? Trash2 : undefined}
          loading={busy.pending}
          disabled={verification.waiting || verification.spent}
        >
          {submit}
        </Button>
      </DialogActions>
    </CodeForm>
  )
}
