import { createFileRoute } from '@tanstack/react-router'

import { localeFile } from '~/server/i18n'

/** Serves `locales/<lng>/<ns>.json` to i18next's HTTP backend in the browser. */
export const Route = createFileRoute('/locales/$lng/$file')({
  server: {
    handlers: {
      GET: ({ params }) => {
        const file = localeFile(params.lng, params.file.replace(/\.json$/, ''))
        if (!file) return new Response('Not found', { status: 404 })
        return Response.json(file, { headers: { 'Cache-Control': 'public, max-age=300' } })
      },
    },
  },
})
