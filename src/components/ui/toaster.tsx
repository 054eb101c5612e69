import { type CSSProperties, useEffect } from 'react'
import { useTheme } from 'next-themes'
import { useTranslation } from 'react-i18next'
import { Toaster as Sonner } from 'sonner'

import { appConfig } from '@/app.config'

import { toasterListening } from './toast'

const { toasts } = appConfig

/**
 * Toasts at the bottom centre, where they cover no navigation (on a phone, above the app's bottom
 * bar): 4 s, three at most, alt+T to reach them, a button to close each. Show them with `toast`
 * from `./toast`; the root loads this component (and sonner) after the page.
 */
export function Toaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  const { resolvedTheme } = useTheme()
  const { t } = useTranslation('common')
  // sonner's own effect, in the child, has subscribed by now.
  useEffect(toasterListening, [])
  return (
    <Sonner
      position={toasts.position}
      mobileOffset={{ bottom: toasts.phoneBottomOffset }}
      duration={toasts.durationMs}
      visibleToasts={toasts.visibleToasts}
      gap={toasts.gapPx}
      hotkey={[...toasts.hotkey]}
      dir={dir}
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      // A live region: screen readers announce each toast as it appears.
      containerAriaLabel={t('toasts.label')}
      // Each toast can be closed, by keyboard too (alt+T, then Tab): expanded, they stay.
      closeButton
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      style={{ '--width': `${toasts.widthPx}px` } as CSSProperties}
    />
  )
}
