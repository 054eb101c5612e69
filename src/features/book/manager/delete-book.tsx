import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'

import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'

import { removeBook } from '../book.functions'

/** Deletes a book for good, once confirmed, and returns to the list. */
export function DeleteBook({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('book')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useServerFn(removeBook)
  const [open, setOpen] = useState(false)
  const mutation = useMutation({
    mutationFn: () => remove({ data: { id } }),
    onSuccess: async () => {
      setOpen(false)
      toast.success(t('delete.done'))
      await navigate({ to: '/manager/books' })
      queryClient.removeQueries({ queryKey: ['books', 'detail', id] })
      await queryClient.invalidateQueries({ queryKey: ['books', 'list'] })
    },
    onError: () => {
      setOpen(false)
      toast.error(t('delete.failed'))
    },
  })
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('delete.action')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('delete.title')}
        description={t('delete.description', { title })}
        confirmLabel={t('delete.confirm')}
        onConfirm={() => mutation.mutate()}
        pending={mutation.isPending}
        destructive
      />
    </>
  )
}
