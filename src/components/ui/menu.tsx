import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

/** A menu's item: icon and label in a row, highlighted under the pointer or the keyboard. */
export const menuItemClass =
  'flex cursor-pointer items-center gap-2.5 min-h-8 rounded-md px-2.5 py-1 text-sm outline-none select-none data-highlighted:bg-muted data-disabled:pointer-events-none data-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground'

/**
 * A menu of actions opened by a button (Radix's dropdown menu): arrow keys move between items,
 * Enter picks one, Escape closes it and gives the focus back to the button.
 */
export function Menu({ trigger, children }: { trigger: ReactNode; children: ReactNode }) {
  const { i18n } = useTranslation()
  return (
    <DropdownMenu.Root dir={i18n.dir()} modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-44 rounded-lg border border-border bg-card p-1 text-foreground shadow-lg"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** One action of a menu; a destructive one is red, and asks for confirmation once picked. */
export function MenuItem({
  icon: Icon,
  destructive,
  className,
  children,
  ...props
}: ComponentProps<typeof DropdownMenu.Item> & { icon?: LucideIcon; destructive?: boolean }) {
  return (
    <DropdownMenu.Item
      className={cn(
        menuItemClass,
        destructive && 'text-destructive-text data-highlighted:bg-destructive-soft [&_svg]:text-current',
        className,
      )}
      {...props}
    >
      {Icon && <Icon aria-hidden="true" />}
      {children}
    </DropdownMenu.Item>
  )
}

/** A line between groups of a menu's items. */
export function MenuSeparator() {
  return <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
}

/** A menu item that opens a page. */
export function MenuLink({ icon: Icon, label, ...link }: LinkProps & { icon: LucideIcon; label: string }) {
  return (
    <DropdownMenu.Item asChild className={menuItemClass}>
      <Link {...link}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </DropdownMenu.Item>
  )
}
