import { createFileRoute } from '@tanstack/react-router'

import { capturedPage } from '../captured'

export const Route = createFileRoute('/login')({ component: () => capturedPage('login') })
