import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { toast } from '~/components/ui/toast'
import { showDemoDialogFor } from '~/lib/demo-mode'

import { isHttpError } from './http-error'
import { useMutateOnce } from './use-mutate-once'

/**
 * A button's server call with its toasts: `succeeded` on success (when given), `failed` on
 * failure with the server's reason below it (e.g. 'You cannot ban yourself'), or the
 * 'Demo Mode' dialog for a demo's refusal. One call runs at a time: a second click or submit
 * while one runs is ignored.
 */
export function useAction<Input, Result>(
  run: (input: Input) => Promise<Result>,
  messages: { succeeded?: string; failed: string; onSuccess?: (result: Result) => unknown },
) {
  const { t } = useTranslation('errors')
  const mutation = useMutation({
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
  return { mutate: useMutateOnce(mutation), isPending: mutation.isPending }
}
