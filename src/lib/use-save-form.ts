import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'

import { toast } from '~/components/ui/toast'
import { showDemoDialogFor } from '~/lib/demo-mode'

import { type HttpError, isHttpError } from './http-error'
import { useMutateOnce } from './use-mutate-once'

/**
 * A create or update form's save: on success it refreshes `invalidates`, toasts `succeeded`,
 * lets the page be left and calls `onSaved`; a refusal that names a field becomes that field's
 * message (`errorsOf`), anything else the `failed` toast, with what was typed kept. One save
 * runs at a time: a second submit while one runs is ignored.
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
