/**
 * Folio's product configuration: every constant of the specification lives here once, with the
 * schema of the public (browser-safe) settings. Secrets are read on the server only, in
 * `src/server/env.ts`; nothing in this file may ever hold one.
 */
import { z } from 'zod/mini'

// Code that reaches the browser uses zod/mini: its functions are left out of the bundle when
// unused, where classic zod's methods bring all of zod (some 23 KB gzipped) to every page.
// No `new Function` in zod: the Content-Security-Policy allows no eval, in the browser or anywhere.
// A rule without its own message says which rule failed as a key of the `errors` namespace, so
// forms show it in the active language like every other message (server logs and the
// environment check keep zod's English: see `parseEnv`).
z.config({ jitless: true, customError: (issue) => `errors:validation.${issue.code}` })

export const languages = ['en', 'fr', 'ar', 'sw'] as const
export type Language = (typeof languages)[number]

export const themes = ['system', 'light', 'dark'] as const
export type Theme = (typeof themes)[number]

export const roles = ['admin', 'user'] as const
export type Role = (typeof roles)[number]
export const isRole = (name: string): name is Role => (roles as ReadonlyArray<string>).includes(name)

export const appConfig = {
  productName: 'Folio',
  /** Where the app-switch page's Documentation and Open Issue links lead. */
  links: {
    documentation: 'https://github.com/folio-starter/folio#readme',
    openIssue: 'https://github.com/folio-starter/folio/issues/new',
  },
  /** What the 'Demo Mode' dialog points to: how to start a project of one's own, and the makers. */
  demo: {
    scaffoldCommand: 'npx degit folio-starter/folio my-app',
    contactEmail: 'hello@folio.dev',
  },
  authBasePath: '/api/auth',
  serverFnBase: '/api/fn',
  i18n: {
    languages,
    defaultLanguage: 'en' satisfies Language,
    languageNames: { en: 'English', fr: 'Français', ar: 'العربية', sw: 'Kiswahili' } satisfies Record<
      Language,
      string
    >,
    rtlLanguages: ['ar'] as ReadonlyArray<Language>,
    fontScale: { ar: 1.2 } as Partial<Record<Language, number>>,
    namespaces: ['common', 'auth', 'book', 'user', 'errors'] as const,
    cookie: { name: 'i18next', minutes: 43_200, path: '/', sameSite: 'lax' },
    detectionOrder: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
    backend: { maxParallelReads: 10, maxRetries: 5, retryTimeoutMs: 350 },
  },
  theme: { themes, defaultTheme: 'system' satisfies Theme, storageKey: 'theme', attribute: 'class' },
  auth: {
    codeLength: 6,
    codeAttempts: 3,
    defaultCodeExpiryMinutes: 5,
    /** An impersonation ends by itself after this long. */
    impersonationMinutes: 60,
    /** A session ends after this long without a request (SESSION_IDLE_MINUTES): 7 days. */
    defaultSessionIdleMinutes: 10_080,
    /** ...and this long after sign-in however active it is (SESSION_MAX_AGE_MINUTES): 30 days. */
    defaultSessionMaxAgeMinutes: 43_200,
  },
  toasts: {
    position: 'top-center',
    durationMs: 4000,
    visibleToasts: 3,
    widthPx: 356,
    gapPx: 14,
    hotkey: ['altKey', 'KeyT'],
  },
  errorBoundaryRetryDelayMs: 600,
  drawerMaxWidthPx: 640,
  sidebarCookie: 'folio-sidebar',
  router: {
    preloadDelayMs: 50,
    pendingMs: 1000,
    pendingMinMs: 500,
    gcTimeMs: 5 * 60 * 1000,
    linkPreloadMarginPx: 100,
  },
  query: { retry: 3, retryDelayMinMs: 1000, retryDelayMaxMs: 30_000 },
  /** Genres are offered 50 at a time in the book form's type-ahead; typing narrows them. */
  pageSizes: { books: 20, users: 20, genres: 50 },
} as const

/**
 * Built on first use, on the server: this module is in every page's scripts, and compiling every
 * emoji sequence there took 40 ms of the browser's main thread as each page loaded.
 */
let singleEmoji: RegExp | undefined
const isSingleEmoji = (value: string) => (singleEmoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v')).test(value)

/** Public settings: read from the environment on the server, then handed to the browser. */
export const zPublicEnv = z.object({
  BASE_URL: z._default(z.url({ error: 'must be a valid URL' }), 'http://localhost:3000'),
  DEMO_MODE: z.pipe(
    z._default(z.enum(['true', 'false'], { error: 'must be true or false' }), 'false'),
    z.transform((value) => value === 'true'),
  ),
  ENV_NAME: z._default(
    z.string().check(z.trim(), z.maxLength(32, { error: 'must be at most 32 characters' })),
    '',
  ),
  ENV_EMOJI: z._default(
    z
      .string()
      .check(z.refine((value) => value === '' || isSingleEmoji(value), { error: 'must be a single emoji' })),
    '',
  ),
  ENV_COLOR: z._default(
    z
      .string()
      .check(z.regex(/^(#[0-9a-f]{3,8}|[a-z]+)$/i, { error: 'must be a CSS colour name or hex value' })),
    'plum',
  ),
  TURNSTILE_SITE_KEY: z._default(z.string(), ''),
})
export type PublicEnv = z.output<typeof zPublicEnv>

/** Page title: optional environment prefix, the page's title, then the product name. */
export function pageTitle(title: string | undefined, env: Pick<PublicEnv, 'ENV_NAME' | 'ENV_EMOJI'>) {
  const prefix = [env.ENV_EMOJI, env.ENV_NAME].filter(Boolean).join(' ')
  return [prefix ? `[${prefix}]` : '', title, appConfig.productName].filter(Boolean).join(' · ')
}
