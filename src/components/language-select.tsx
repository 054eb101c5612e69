import { useHydrated } from '@tanstack/react-router'
import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { appConfig, type Language } from '@/app.config'

import { SelectField, selectClass } from './ui/select-field'

const options = appConfig.i18n.languages.map((lng: Language) => ({
  value: lng,
  label: appConfig.i18n.languageNames[lng],
}))

/**
 * Changes the interface language at once and remembers it. `compact` shows only an icon and the
 * language name, for a top bar.
 */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('common')
  // Disabled until hydration, because a choice made before would be lost.
  const hydrated = useHydrated()
  const change = (lng: string) => void i18n.changeLanguage(lng)
  if (!compact)
    return (
      <SelectField
        label={t('language')}
        value={i18n.language}
        disabled={!hydrated}
        onChange={(event) => change(event.target.value)}
        options={options}
      />
    )
  return (
    <span className="relative flex items-center">
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute start-2.5 size-4 text-muted-foreground"
      />
      <select
        aria-label={t('language')}
        value={i18n.language}
        disabled={!hydrated}
        onChange={(event) => change(event.target.value)}
        className={selectClass(undefined, 'ps-8 text-sm')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  )
}
