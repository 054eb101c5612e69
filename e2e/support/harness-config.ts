/** Ports and addresses shared by the global setup (one process) and the test workers (others). */
const port = Number(process.env.E2E_PORT ?? 3310)

export const harness = {
  port,
  baseUrl: `http://localhost:${port}`,
  mailboxHttpPort: port + 1,
  mailboxUrl: `http://127.0.0.1:${port + 1}`,
  smtpPort: port + 2,
  authStateDir: 'test-results/.auth',
} as const
