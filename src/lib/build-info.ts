declare const __FOLIO_BUILD__: { version: string; commit: string; builtAt: string }

/** The running build's package version, short commit and build time, fixed by vite.config.ts. */
export const buildInfo = __FOLIO_BUILD__

/** e.g. 'v0.1.0 · c25178a · 2026-11-22 02:21 UTC' */
export const versionLabel = `v${buildInfo.version} · ${buildInfo.commit} · ${buildInfo.builtAt.slice(0, 16).replace('T', ' ')} UTC`
