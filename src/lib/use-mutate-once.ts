import type { MutateOptions, UseMutationResult } from '@tanstack/react-query'
import { useRef } from 'react'

/**
 * The mutation's `mutate`, ignoring calls while one runs. Its button turns busy only once React
 * hears of the start (TanStack Query tells it on a timer), so a second click can land before and
 * would save or delete twice.
 */
export function useMutateOnce<Data, Failure, Variables, Context>(
  mutation: UseMutationResult<Data, Failure, Variables, Context>,
) {
  const running = useRef(false)
  return (variables: Variables, options?: MutateOptions<Data, Failure, Variables, Context>) => {
    if (running.current) return
    running.current = true
    // The promise settles whatever happens (a per-call onSettled would not after a reset). Its
    // failure is the mutation's own onError's to tell.
    void mutation
      .mutateAsync(variables, options)
      .catch(() => undefined)
      .finally(() => {
        running.current = false
      })
  }
}
