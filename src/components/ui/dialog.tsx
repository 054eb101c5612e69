import * as DialogPrimitive from '@radix-ui/react-dialog'
import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { Drawer } from 'vaul'

import { appConfig } from '@/app.config'
import { useMediaQuery } from '~/lib/use-media-query'

const smallScreen = `(max-width: ${appConfig.drawerMaxWidthPx}px)`

const overlayClass = 'fixed inset-0 z-40 bg-overlay'
const titleClass = 'text-lg font-semibold'
const descriptionClass = 'text-muted-foreground'

/**
 * Where the focus goes back once the modal closes: the element that had it when it opened (Radix
 * does this only for its own Trigger, and these modals open from state, e.g. the address).
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null)
  // A layout effect runs before Radix moves the focus into the modal.
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement)
  }, [open])
  return (event: Event) => {
    if (!opener.current?.isConnected) return
    event.preventDefault()
    opener.current.focus()
  }
}

/**
 * What opened a modal: the focused control, or for an item of a menu (which closes as the modal
 * opens), the button of that menu, which Radix names the menu by.
 */
function openerOf(focused: Element | null): HTMLElement | null {
  const menu = focused?.closest('[role="menu"]')
  const button = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '')
  const opener = button ?? focused
  return opener instanceof HTMLElement ? opener : null
}

/** Controls that use Escape themselves (e.g. an open calendar) carry this attribute. */
export const ownEscape = { 'data-own-escape': '' } as const

/** Escape closes the modal, unless a control inside it is using the key to close itself. */
function keepOwnEscape(event: KeyboardEvent) {
  if (event.target instanceof Element && event.target.closest('[data-own-escape]')) event.preventDefault()
}

interface ResponsiveDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  /** The content; actions go in `DialogActions`. */
  children: ReactNode
}

/**
 * A modal that is a centred dialog on wide screens and a bottom drawer at 640px or less. Both are
 * Radix dialogs underneath: focus is trapped and returned, Escape closes, the title names it.
 */
export function ResponsiveDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: ResponsiveDialogProps) {
  const isSmall = useMediaQuery(smallScreen)
  const returnFocus = useReturnFocus(open)
  if (isSmall)
    return (
      <Drawer.Root autoFocus open={open} onOpenChange={onOpenChange}>
        <Drawer.Portal>
          <Drawer.Overlay className={overlayClass} />
          <Drawer.Content
            onCloseAutoFocus={returnFocus}
            onEscapeKeyDown={keepOwnEscape}
            className="fixed inset-x-0 bottom-0 z-50 flex flex-col gap-4 rounded-t-xl border-t border-border bg-card p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]"
          >
            <div aria-hidden="true" className="mx-auto h-1.5 w-12 rounded-full bg-input" />
            <Drawer.Title className={titleClass}>{title}</Drawer.Title>
            {description && (
              <Drawer.Description className={descriptionClass}>{description}</Drawer.Description>
            )}
            {children}
          </Drawer.Content>
        </Drawer.Portal>
      </Drawer.Root>
    )
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClass} />
        <DialogPrimitive.Content
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={keepOwnEscape}
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className={titleClass}>{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className={descriptionClass}>
              {description}
            </DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

/** A modal's buttons: stacked full-width in the drawer (primary last, nearest the thumb), in a row otherwise. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
}
