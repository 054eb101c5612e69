/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouter } from '@tanstack/react-router'
import { ThemeProvider } from 'next-themes'
import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { I18nextProvider } from 'react-i18next'

import { appConfig, pageTitle } from '@/app.config'
import { Optional } from '~/components/optional'
import { PageNotFound } from '~/components/route-error'
import { toasterListening } from '~/components/ui/toast'
import { useSessionSync } from '~/features/auth/session-sync'
import { getRootData } from '~/features/root/root.functions'
import { ImpersonationBanner } from '~/features/user/impersonation-banner'
import {
  directionOf,
  fontScaleOf,
  i18nFor,
  languageStored,
  loadNamespaces,
  namespacesOf,
  useActiveLanguage,
} from '~/lib/i18n'
import { translate } from '~/lib/page-title'
import '~/styles.css'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The texts of the page's namespaces: in the page the server renders, or fetched when a page
  // opened in the browser needs namespaces it does not have yet.
  beforeLoad: async ({ matches }) => {
    const namespaces = namespacesOf(matches)
    await loadNamespaces(namespaces)
    return { namespaces }
  },
  loader: ({ context }) => getRootData({ data: { namespaces: context.namespaces } }),
  staleTime: Number.POSITIVE_INFINITY,
  head: ({ loaderData }) => {
    // What search engines show under the page's title.
    const description = loaderData && translate(loaderData, 'meta.description')
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { title: loaderData ? pageTitle(undefined, loaderData.env) : undefined },
        ...(description ? [{ name: 'description', content: description }] : []),
      ],
      links: [
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'manifest', href: '/site.webmanifest' },
      ],
    }
  },
  shellComponent: RootDocument,
  component: RootComponent,
  notFoundComponent: PageNotFound,
})

// Toasts tell of what the visitor does: the page shows without sonner's code, which follows it.
const Toaster = lazy(() => import('~/components/ui/toaster').then(({ Toaster }) => ({ default: Toaster })))

// Only a demo needs the dialog (and the dialog and drawer code under it).
const DemoDialog = lazy(() =>
  import('~/components/demo-dialog').then(({ DemoDialog }) => ({ default: DemoDialog })),
)

function RootComponent() {
  useSessionSync()
  const { env } = Route.useLoaderData()
  return (
    <>
      <ImpersonationBanner />
      <Outlet />
      {env.DEMO_MODE && (
        <Optional>
          <Suspense>
            <DemoDialog />
          </Suspense>
        </Optional>
      )}
    </>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  const { lng, resources, env } = Route.useLoaderData()
  const [i18n] = useState(() => i18nFor(lng, resources))
  const language = useActiveLanguage(i18n, lng)
  const router = useRouter()
  // A language chosen in the page: the root data (page titles' texts) follows it from the server,
  // which reads the choice from the cookie, once i18next has written it.
  useEffect(() => {
    if (language === lng) return
    let current = true
    void languageStored(i18n).then(() => {
      if (current) void router.invalidate()
    })
    return () => {
      current = false
    }
  }, [i18n, language, lng, router])
  const dir = directionOf(language)
  // The CSP nonce of this response (server), or of the page as rendered (browser).
  const nonce = router.options.ssr?.nonce
  // Marks the page as taken over by React, which the server's HTML never is: end-to-end tests wait
  // for it before they type or click into anything that is not a Button (disabled until then).
  // React hydrates the routes' own parts just after; an event reaching one hydrates it at once.
  // Set outside React's render: a value rendered differently once hydrated would re-render the
  // whole document at once (see LayoutManager).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <html
      lang={language}
      dir={dir}
      style={{ '--font-scale': fontScaleOf(language), '--env-color': env.ENV_COLOR } as CSSProperties}
      suppressHydrationWarning
    >
      <head>
        <HeadContent />
      </head>
      <body>
        <ThemeProvider
          attribute={appConfig.theme.attribute}
          storageKey={appConfig.theme.storageKey}
          defaultTheme={appConfig.theme.defaultTheme}
          themes={['light', 'dark']}
          enableSystem
          disableTransitionOnChange
          nonce={nonce}
        >
          <I18nextProvider i18n={i18n}>
            {children}
            {/* Without its code, toasts waiting for it are let go (and fail in the console). */}
            <Optional onError={toasterListening}>
              <Suspense>
                <Toaster dir={dir} />
              </Suspense>
            </Optional>
          </I18nextProvider>
        </ThemeProvider>
        <Scripts />
      </body>
    </html>
  )
}
