import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { toast } from '~/components/ui/toast'
import { showDemoDialogFor } from '~/lib/demo-mode'

import { isHttpError } from './http-error'

/**
 * A button's server call with its toasts: `succeeded` on success (when given), `failed` on
 * failure with the server's reason below it (e.g. 'You cannot ban yourself'), or the
 * 'Demo Mode' dialog for a demo's refusal.
 */
export function useAction<Input, Result>(
  run: (input: Input) => Promise<Result>,
  messages: { succeeded?: string; failed: string; onSuccess?: (result: Result) => unknown },
) {
  const { t } = useTranslation('errors')
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      if (messages.succeeded) toast.success(messages.succeeded)
      await messages.onSuccess?.(result)
    },
    onError: (error) => {
      if (showDemoDialogFor(error)) return
      toast.error(messages.failed, isHttpError(error) ? { description: t(error.code) } : undefined)
    },
  })
}
