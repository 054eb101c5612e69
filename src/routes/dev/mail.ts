import { createFileRoute } from '@tanstack/react-router'

/**
 * The development mailbox: the e-mails `pnpm dev` would have sent without SMTP, newest first
 * (`?id=` one of them as its recipient sees it, `&part=text` its plain-text part). A production
 * build holds none of it and answers 404, whatever its configuration.
 */
export const Route = createFileRoute('/dev/mail')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        if (!import.meta.env.DEV) return new Response('Not found', { status: 404 })
        const { devMailbox } = await import('~/server/dev-mailbox')
        return devMailbox(new URL(request.url).searchParams)
      },
    },
  },
})
