import { useHydrated } from '@tanstack/react-router'
import { Monitor, Moon, Sun } from 'lucide-react'
import { useTheme } from 'next-themes'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig, type Theme } from '@/app.config'
import { cn } from '~/lib/cn'

const icons = { system: Monitor, light: Sun, dark: Moon } as const

/** System, light or dark theme, remembered by next-themes. `compact` shows only icons, for a top bar. */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common')
  const { theme = appConfig.theme.defaultTheme, setTheme } = useTheme()
  // The choice is stored in the browser, so the server marks none and hydration must match. The
  // options are disabled until hydration, because a click before would be lost.
  const hydrated = useHydrated()
  const chosen = hydrated ? theme : undefined
  const name = useId()
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={!hydrated}>
      <legend className={cn('text-sm font-medium', compact && 'sr-only')}>{t('theme.label')}</legend>
      <div className="flex gap-1 rounded-md bg-muted p-1">
        {appConfig.theme.themes.map((option: Theme) => {
          const Icon = icons[option]
          return (
            <label
              key={option}
              title={compact ? t(`theme.${option}`) : undefined}
              data-checked={chosen === option || undefined}
              className="flex h-8 flex-1 cursor-pointer items-center justify-center gap-1.5 rounded px-2 text-sm text-muted-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring data-checked:bg-card data-checked:text-foreground data-checked:shadow-xs"
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={chosen === option}
                onChange={() => setTheme(option)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className={cn(compact && 'sr-only')}>{t(`theme.${option}`)}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
