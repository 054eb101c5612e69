import { useTranslation } from 'react-i18next'

import { hueOf } from '~/features/book/book-cover'
import { cn } from '~/lib/cn'

import { Logo } from './brand/logo'
import { EnvironmentHint } from './environment-hint'
import { LanguageSelect } from './language-select'
import { ThemeSwitch } from './theme-switch'

/** The sign-in pages' top bar: the brand, the environment, the language and the theme. */
function AuthHeader() {
  return (
    <>
      <span className="flex items-center gap-2">
        <Logo />
        <EnvironmentHint />
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <LanguageSelect compact />
        <ThemeSwitch compact />
      </span>
    </>
  )
}

// Each book's height (% of the shelf), width (rem) and genre, which sets its colour.
const shelf = [
  [78, 1.6, 'Classic'],
  [92, 2.1, 'Mystery'],
  [70, 1.3, 'Poetry'],
  [86, 1.9, 'Adventure'],
  [64, 1.5, 'Romance'],
  [96, 2.3, 'Fantasy'],
  [74, 1.4, 'Horror'],
  [88, 1.8, 'Science fiction'],
  [68, 1.6, 'Historical fiction'],
  [82, 2, 'Drama'],
] as const

/** A shelf of books drawn in CSS, coloured like the covers by genre, and a line about Folio. */
function Showcase() {
  const { t } = useTranslation('auth')
  return (
    <aside
      aria-label={t('showcase.label')}
      className="relative hidden flex-col justify-between overflow-hidden bg-primary-soft p-10 text-primary-soft-foreground lg:flex"
    >
      <div className="flex max-w-md flex-col gap-3">
        <p className="text-3xl font-semibold tracking-tight">{t('showcase.title')}</p>
        <p className="text-lg opacity-90">{t('showcase.text')}</p>
      </div>
      <div aria-hidden="true" className="flex flex-col">
        <div className="flex h-64 items-end gap-1.5 px-6">
          {shelf.map(([height, width, genre], index) => {
            const hue = hueOf(genre)
            return (
              <span
                key={genre}
                className={cn(
                  'relative flex justify-center rounded-t-sm shadow-md',
                  index === 6 && 'origin-bottom-left rotate-6 rtl:origin-bottom-right rtl:-rotate-6',
                )}
                style={{
                  height: `${height}%`,
                  width: `${width}rem`,
                  backgroundImage: `linear-gradient(to right, hsl(${hue} 52% 28%), hsl(${hue} 52% 36%) 40%, hsl(${hue} 55% 24%))`,
                }}
              >
                <span className="absolute top-4 h-px w-2/3 bg-[#ffffff55]" />
                <span className="absolute top-6 h-px w-2/3 bg-[#ffffff55]" />
                <span className="absolute bottom-5 h-3 w-1/2 rounded-sm bg-[#ffffff2e]" />
              </span>
            )
          })}
        </div>
        <div className="h-3 rounded-sm bg-primary shadow-lg" />
      </div>
    </aside>
  )
}

/** The sign-in pages' top bar (`header`) or drawn panel (`showcase`), loaded after the page. */
export default function AuthLayoutExtras({ part }: { part: 'header' | 'showcase' }) {
  return part === 'header' ? <AuthHeader /> : <Showcase />
}
