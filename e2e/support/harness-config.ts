/** Ports and addresses shared by the global setup and the test workers, which run in other processes. */
const port = Number(process.env.E2E_PORT ?? 3310)

export const harness = {
  port,
  baseUrl: `http://localhost:${port}`,
  mailboxHttpPort: port + 1,
  mailboxUrl: `http://127.0.0.1:${port + 1}`,
  smtpPort: port + 2,
  authStateDir: 'test-results/.auth',
  /** Where the server stores uploads on disk, for tests to count the files. */
  uploadsDir: `test-results/.uploads-${port}`,
} as const
