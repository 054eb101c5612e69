import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Avatar } from '~/components/user-menu'
import { Button } from '~/components/ui/button'
import { type ImageChoice, ImageField } from '~/components/ui/image-field'
import type { CurrentSession } from '~/features/auth/auth.functions'
import { sessionQuery } from '~/features/auth/guards'
import { useImageChange } from '~/features/uploads/use-image-change'
import { userPicture } from '~/lib/images'
import { useAction } from '~/lib/use-action'

/**
 * One's own picture: chosen or dropped, seen, then saved (with the upload's progress) or removed.
 * Not while impersonating: it is the impersonated person's picture.
 */
export function MyPicture({ user, impersonating }: { user: CurrentSession['user']; impersonating: boolean }) {
  const { t } = useTranslation('common')
  const router = useRouter()
  const queryClient = useQueryClient()
  const [choice, setChoice] = useState<ImageChoice>(null)
  const change = useImageChange('user-picture')
  const save = useAction((chosen: ImageChoice) => change.apply(user.id, chosen), {
    succeeded: t('account:picture.saved'),
    failed: t('account:picture.failed'),
    onSuccess: async () => {
      setChoice(null)
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      await router.invalidate()
    },
  })
  if (impersonating) return null
  return (
    <div className="flex flex-col gap-3">
      <ImageField
        label={t('account:picture.label')}
        frameClassName="size-20 rounded-full"
        current={<Avatar user={user} className="size-full text-2xl" />}
        hasCurrent={userPicture(user) !== null}
        value={choice}
        onChange={setChoice}
        progress={change.progress}
      />
      {choice !== null && (
        <div className="flex gap-2">
          <Button size="sm" loading={save.isPending} onClick={() => save.mutate(choice)}>
            {t('account:picture.save')}
          </Button>
          <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => setChoice(null)}>
            {t('actions.cancel')}
          </Button>
        </div>
      )}
    </div>
  )
}
