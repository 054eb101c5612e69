import { useServerFn } from '@tanstack/react-start'
import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { Button } from '~/components/ui/button'
import { useAction } from '~/lib/use-action'

import { getMyData } from './account.functions'

/** The download's name: the product's and the day's, e.g. `folio-data-2026-11-25.json`. */
const exportFileName = (day: Date) =>
  `${appConfig.productName.toLowerCase()}-data-${day.toISOString().slice(0, 10)}.json`

/** 'Download my data': what Folio keeps about the person, as a JSON file. */
export function ExportData() {
  const { t } = useTranslation('common')
  const read = useServerFn(getMyData)
  const download = useAction(() => read(), {
    failed: t('account:data.exportFailed'),
    onSuccess: (data) => {
      const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
      const link = document.createElement('a')
      link.href = URL.createObjectURL(file)
      link.download = exportFileName(new Date())
      link.click()
      URL.revokeObjectURL(link.href)
    },
  })
  return (
    <Button
      variant="outline"
      size="sm"
      icon={Download}
      loading={download.isPending}
      onClick={() => download.mutate(undefined)}
    >
      {t('account:data.export')}
    </Button>
  )
}
