import type { ComponentProps, ReactNode } from 'react'

import { type Crumb, PageHeader } from './page-header'
import { Button } from './ui/button'
import { Card } from './ui/card'
import { SchemaForm } from './ui/form'

/** What a create or edit page says above its form: the pages above it, and its title. */
export interface FormPageHeading {
  parents: Crumb[]
  title: string
}

/**
 * A create or edit page: the form around the whole page, so its submit button sits in the page's
 * bar (in view while the fields scroll) and Enter in a field submits; the fields on a card.
 */
export function FormPage({
  form,
  heading,
  submit,
  children,
}: {
  form: ComponentProps<typeof SchemaForm>['form']
  heading: FormPageHeading
  /** The submit button's label, and whether the form is being saved (it spins meanwhile). */
  submit: { label: string; pending: boolean }
  children: ReactNode
}) {
  return (
    <SchemaForm form={form} className="flex flex-col gap-6">
      <PageHeader
        parents={heading.parents}
        title={heading.title}
        actions={
          <Button type="submit" loading={submit.pending}>
            {submit.label}
          </Button>
        }
      />
      <Card className="flex max-w-xl flex-col gap-4">{children}</Card>
    </SchemaForm>
  )
}
