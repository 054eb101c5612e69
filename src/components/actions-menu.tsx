import type { LinkProps } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import { Fragment, type ReactNode, useState } from 'react'

import { Button } from './ui/button'
import { Menu, MenuItem, MenuLink, MenuSeparator } from './ui/menu'

/** One action of an item's menu: a page it opens, something it does, or a dialog it opens. */
export type ItemAction = {
  label: string
  icon: LucideIcon
  /** Red, after a line: it asks for confirmation in its dialog. */
  destructive?: boolean
} & (
  | { link: LinkProps }
  | { onSelect: () => void }
  | { dialog: (state: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode }
)

/**
 * The '…' button of an item (a list's row, a detail page) and the menu of its actions; `label`
 * names the button for screen readers ('Actions for Dune'). A dialog an action opens lives beside
 * the menu, so it stays open once the menu closes.
 */
export function ActionsMenu({
  label,
  actions,
}: {
  label: string
  actions: Array<ItemAction | false | undefined>
}) {
  const [openDialog, setOpenDialog] = useState<string>()
  const shown = actions.filter((action): action is ItemAction => Boolean(action))
  const firstDestructive = shown.findIndex((action) => action.destructive)
  return (
    <>
      <Menu
        trigger={
          <Button variant="ghost" size="icon" aria-label={label}>
            <span aria-hidden="true" className="icon-ellipsis" />
          </Button>
        }
      >
        {shown.map((action, index) => (
          <Fragment key={action.label}>
            {index === firstDestructive && index > 0 && <MenuSeparator />}
            {'link' in action ? (
              <MenuLink {...action.link} icon={action.icon} label={action.label} />
            ) : (
              <MenuItem
                icon={action.icon}
                destructive={action.destructive}
                onSelect={'onSelect' in action ? action.onSelect : () => setOpenDialog(action.label)}
              >
                {action.label}
              </MenuItem>
            )}
          </Fragment>
        ))}
      </Menu>
      {shown.map(
        (action) =>
          'dialog' in action && (
            <Fragment key={action.label}>
              {action.dialog({
                open: openDialog === action.label,
                onOpenChange: (open) => setOpenDialog(open ? action.label : undefined),
              })}
            </Fragment>
          ),
      )}
    </>
  )
}
