import { useTranslation } from 'react-i18next'

export function PageLogin() {
  const { t } = useTranslation('auth')
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold">{t('login.title')}</h1>
      <form className="flex flex-col gap-3" noValidate>
        <label htmlFor="email" className="text-sm font-medium">
          {t('login.emailLabel')}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={t('login.emailPlaceholder')}
          className="rounded-md border border-neutral-300 px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900"
        />
        <button
          type="submit"
          className="rounded-md bg-neutral-900 px-4 py-2 font-medium text-white dark:bg-white dark:text-neutral-900"
        >
          {t('login.continueWithEmail')}
        </button>
      </form>
    </main>
  )
}
