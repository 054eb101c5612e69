import type { ReactNode } from 'react'

import { PageHeader } from './page-header'
import { Card } from './ui/card'

/** A page that is one form (create or edit something): the way back, its title, the form on a card. */
export function FormPage({ back, title, children }: { back: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader back={back} title={title} />
      <Card className="max-w-xl">{children}</Card>
    </div>
  )
}
