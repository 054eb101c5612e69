import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { toast } from '~/components/ui/toast'
import { showDemoDialogFor } from '~/lib/demo-mode'

import { isHttpError } from './http-error'
import { useMutateOnce } from './use-mutate-once'

/**
 * Runs a button's server call with success and failure toasts, or the 'Demo mode' dialog for a
 * demo refusal. A second click while a call runs is ignored.
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
