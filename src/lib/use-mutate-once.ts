import type { MutateOptions, UseMutationResult } from '@tanstack/react-query'
import { useRef } from 'react'

/**
 * The mutation's `mutate`, ignoring calls while one runs. The button turns busy only after a
 * redraw, so without this a quick second click would save or delete twice.
 */
export function useMutateOnce<Data, Failure, Variables, Context>(
  mutation: UseMutationResult<Data, Failure, Variables, Context>,
) {
  const running = useRef(false)
  return (variables: Variables, options?: MutateOptions<Data, Failure, Variables, Context>) => {
    if (running.current) return
    running.current = true
    // Use the promise, because a per-call onSettled does not run after a reset. The mutation's own
    // onError reports failures.
    void mutation
      .mutateAsync(variables, options)
      .catch(() => undefined)
      .finally(() => {
        running.current = false
      })
  }
}
