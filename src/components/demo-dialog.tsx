import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { Button } from '~/components/ui/button'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'

import { demoDialog } from '~/lib/demo-mode'

const linkClass = 'underline underline-offset-2'

/** Says this is a read-only demo and how to get Folio. Mounted once, in demo mode only. */
export function DemoDialog() {
  const { t } = useTranslation('common')
  const isOpen = useSyncExternalStore(demoDialog.subscribe, demoDialog.isOpen, () => false)
  const { demo } = appConfig
  return (
    <ResponsiveDialog
      open={isOpen}
      onOpenChange={demoDialog.setOpen}
      title={t('demo.title')}
      description={t('demo.description')}
    >
      <div className="flex flex-col gap-3 text-sm">
        <p>{t('demo.scaffold')}</p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3" dir="ltr">
          <code>{demo.scaffoldCommand}</code>
        </pre>
        <p>
          <a className={linkClass} href={appConfig.links.documentation} target="_blank" rel="noreferrer">
            {t('demo.readme')}
          </a>
          {' · '}
          <a className={linkClass} href={`mailto:${demo.contactEmail}`}>
            {t('demo.contact', { email: demo.contactEmail })}
          </a>
        </p>
      </div>
      <DialogActions>
        <Button onClick={() => demoDialog.setOpen(false)}>{t('actions.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  )
}
