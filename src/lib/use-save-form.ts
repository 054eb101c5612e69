import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'

import { toast } from '~/components/ui/toast'
import { showDemoDialogFor } from '~/lib/demo-mode'

import { type HttpError, isHttpError } from './http-error'
import { useMutateOnce } from './use-mutate-once'

/**
 * Saves a create or update form: on success it refreshes `invalidates`, shows a toast and calls
 * `onSaved`. A refusal naming a field shows on that field, and a second submit while saving is ignored.
 */
export function useSaveForm<Input>({
  save,
  invalidates,
  succeeded,
  failed,
  allowLeaving,
  onSaved,
  setErrors,
  errorsOf = (error) => ({ [error.field ?? 'form']: `errors:${error.code}` }),
}: {
  save: (input: Input) => Promise<{ id: string }>
  invalidates: QueryKey
  succeeded: string
  failed: string
  allowLeaving: () => void
  onSaved: (id: string) => Promise<unknown>
  setErrors: (errors: Record<string, string>) => void
  errorsOf?: (error: HttpError) => Record<string, string>
}) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: invalidates })
      toast.success(succeeded)
      allowLeaving()
      await onSaved(id)
    },
    onError: (error) => {
      if (showDemoDialogFor(error)) return
      if (isHttpError(error) && error.field) setErrors(errorsOf(error))
      else toast.error(failed)
    },
  })
  return { mutate: useMutateOnce(mutation), isPending: mutation.isPending }
}
