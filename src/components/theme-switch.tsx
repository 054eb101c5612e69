import { useHydrated } from '@tanstack/react-router'
import { useTheme } from 'next-themes'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig, type Theme } from '@/app.config'
import { cn } from '~/lib/cn'

/** System, light or dark: a labelled radio group, remembered by next-themes. */
export function ThemeSwitch() {
  const { t } = useTranslation('common')
  const { theme = appConfig.theme.defaultTheme, setTheme } = useTheme()
  // The choice is stored in the browser: the server's page (and hydration, which must match it)
  // marks none, and the stored one once the page runs. Until then a click would be lost, so the
  // options are disabled, like every Button.
  const hydrated = useHydrated()
  const chosen = hydrated ? theme : undefined
  const name = useId()
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={!hydrated}>
      <legend className="text-sm font-medium">{t('theme.label')}</legend>
      <div className="flex gap-1 rounded-md border border-neutral-300 p-1 dark:border-neutral-700">
        {appConfig.theme.themes.map((option: Theme) => (
          <label
            key={option}
            className={cn(
              'flex-1 cursor-pointer rounded px-2 py-1 text-center text-sm has-focus-visible:ring-2 has-focus-visible:ring-accent',
              chosen === option && 'bg-neutral-900 text-white dark:bg-white dark:text-neutral-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={chosen === option}
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
