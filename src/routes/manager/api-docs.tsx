import { createFileRoute } from '@tanstack/react-router'

import { PageApiDocs } from '~/features/api-docs/page-api-docs'
import { apiReferenceQuery } from '~/features/api-docs/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/api-docs')({
  head: titled('areas:nav.apiDocs'),
  loader: ({ context }) => context.queryClient.ensureQueryData(apiReferenceQuery),
  component: PageApiDocs,
})
