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
 * The interface's language, changed at once (texts, titles, dates) and remembered. `compact`: an
 * icon and the language's name, for a page's top bar, labelled for screen readers only.
 */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('common')
  // Like every control that acts: until the page runs, a choice would be lost.
  const hydrated = useHydrated()
  const change = (lng: string) => void i18n.changeLanguage(lng)
  if (!compact)
    return (
      <SelectField
        label={t('account.language')}
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
        aria-label={t('account.language')}
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
