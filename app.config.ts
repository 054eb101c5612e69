/**
 * Product settings and the schema of the public settings. This file reaches the browser, so it
 * must never hold a secret (secrets are read only in `src/server/env.ts`).
 */
import { z } from 'zod/mini'

// Browser code uses zod/mini so unused validators stay out of the bundle (full zod adds about 23 KB).
// `jitless` stops zod from using `new Function`, which the Content-Security-Policy forbids.
// A rule without its own message gives an `errors:` translation key, so forms show it translated.
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
  /** Shown in the demo-mode dialog: how to start your own project, and whom to contact. */
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
    /**
     * Translation files in `locales/<language>/`. `common` and `errors` go with every page; a route
     * names the others its pages show in `staticData.namespaces`, and only those travel with it.
     * `errors-signed-in` holds the error texts only signed-in pages show; `errors:` keys fall back to
     * it. `errors-organization` holds better-auth's organization codes, which no page shows until
     * a fork adds that plugin and names the namespace on its routes.
     */
    namespaces: [
      'common',
      'errors',
      'errors-signed-in',
      'errors-organization',
      'auth',
      'account',
      'areas',
      'book',
      'user',
      'activity',
    ] as const,
    /** The namespaces every page carries. */
    pageNamespaces: ['common', 'errors'] as const,
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
    /** Default idle timeout (7 days); SESSION_IDLE_MINUTES overrides it. */
    defaultSessionIdleMinutes: 10_080,
    /** Default longest session, even if active (30 days); SESSION_MAX_AGE_MINUTES overrides it. */
    defaultSessionMaxAgeMinutes: 43_200,
  },
  toasts: {
    /** At the bottom, clear of every top bar; on a phone, above the app's 4rem bottom bar too. */
    position: 'bottom-center',
    phoneBottomOffset: 'calc(4rem + env(safe-area-inset-bottom) + 0.75rem)',
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
    // A page not loaded within this time shows its frame (and the menu marks it) until it comes,
    // however soon after: the frame has the page's shape, so the page does not jump.
    pendingMs: 50,
    pendingMinMs: 0,
    // A page still loading after this long shows a progress bar along the top of the window too.
    progressMs: 1000,
    gcTimeMs: 5 * 60 * 1000,
    linkPreloadMarginPx: 100,
  },
  query: { retry: 3, retryDelayMinMs: 1000, retryDelayMaxMs: 30_000 },
  /** Genres are offered 50 at a time in the book form's type-ahead; typing narrows them. */
  pageSizes: { books: 20, users: 20, genres: 50, activity: 30 },
  /**
   * Uploaded pictures (book covers, profile pictures): the largest file and picture accepted, the
   * types accepted (the server decides from the file's bytes), and the widths each kind is stored
   * at, cropped to its aspect (width:height). A picture that cannot be read in one pass over a
   * shrunk copy costs more to decode, so it gets tighter bounds: an AVIF or an interlaced PNG is
   * decoded whole (`maxWholePixels`), and each scan of a progressive JPEG is a pass over the whole
   * picture (encoders write about ten). A picture's processing stops after `timeoutSeconds`, and a
   * server processes `jobs` at a time with at most `waiting` more in line.
   */
  images: {
    maxBytes: 5 * 1024 * 1024,
    maxPixels: 40_000_000,
    maxWholePixels: 10_000_000,
    maxJpegScans: 32,
    timeoutSeconds: 10,
    jobs: 1,
    waiting: 8,
    types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
    kinds: {
      cover: { aspect: [2, 3], widths: [96, 192, 384, 768] },
      avatar: { aspect: [1, 1], widths: [64, 128, 256] },
    },
  },
} as const

/** A translation namespace (`locales/<lng>/<ns>.json`), one per feature that has texts. */
export type Namespace = (typeof appConfig.i18n.namespaces)[number]

/** Compiled on first use, because this module loads on every page and the regex takes 40 ms to build. */
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
