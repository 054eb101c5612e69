import { appConfig } from '@/app.config'
import { cn } from '~/lib/cn'

/**
 * Folio's logo, an open book in the theme's primary colour. The favicons are made from the same
 * drawing in public/favicon.svg by `pnpm icons`.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M16 10.2c-2.3-1.6-5.2-2.2-8.5-2v13.6c3.3-.2 6.2.4 8.5 2Z"
        className="fill-primary-foreground"
      />
      <path
        d="M16 10.2c2.3-1.6 5.2-2.2 8.5-2v13.6c-3.3-.2-6.2.4-8.5 2Z"
        className="fill-primary-foreground"
        opacity=".72"
      />
      <path d="M19.5 8.7v5.6l1.4-1.1 1.4 1.1V8.3" className="fill-primary" />
    </svg>
  )
}

/** The logo and the product name, as the brand appears in every layout. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-base font-semibold tracking-tight', className)}>
      <LogoMark />
      <span dir="ltr">{appConfig.productName}</span>
    </span>
  )
}
