import { useTheme } from 'next-themes'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig, type Theme } from '@/app.config'
import { cn } from '~/lib/cn'

/** System, light or dark: a labelled radio group, remembered by next-themes. */
export function ThemeSwitch() {
  const { t } = useTranslation('common')
  const { theme = appConfig.theme.defaultTheme, setTheme } = useTheme()
  const name = useId()
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-medium">{t('theme.label')}</legend>
      <div className="flex gap-1 rounded-md border border-neutral-300 p-1 dark:border-neutral-700">
        {appConfig.theme.themes.map((option: Theme) => (
          <label
            key={option}
            className={cn(
              'flex-1 cursor-pointer rounded px-2 py-1 text-center text-sm has-focus-visible:ring-2 has-focus-visible:ring-accent',
              theme === option && 'bg-neutral-900 text-white dark:bg-white dark:text-neutral-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={theme === option}
              onChange={() => setTheme(option)}
              className="sr-only"
            />
            {t(`theme.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
