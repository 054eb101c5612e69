/**
 * The server log: one JSON object per line in production, with the request and user ids, and a
 * short readable line in development. Fields that could hold a credential are redacted.
 */
import '@tanstack/react-start/server-only'
import pino from 'pino'

import { serverEnv } from './env'
import { currentRequest } from './request-context'

type Level = 'debug' | 'info' | 'warn' | 'error'

/** Field names that could hold a credential, redacted up to two levels deep. */
const secretFields = ['code', 'otp', 'token', 'cookie', 'authorization', 'password', 'secret', 'set-cookie']

/** Development format, `[level] message {fields}`, for a person reading a terminal. */
const readable = {
  write(line: string) {
    const { level, message, time: _time, ...fields } = JSON.parse(line) as Record<string, unknown>
    const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : ''
    const text = `[${String(level)}] ${String(message)}${rest}`
    if (level === 'error' || level === 'warn') console.error(text)
    else console.log(text)
  },
}

let instance: pino.Logger | undefined

/** Created at the first log line, from the validated environment. */
function pinoLogger(): pino.Logger {
  if (instance) return instance
  const env = serverEnv()
  instance = pino(
    {
      level: env.LOG_LEVEL,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const context = currentRequest()
        if (!context) return {}
        const { requestId, userId, impersonatedBy } = context
        return { requestId, ...(userId && { userId }), ...(impersonatedBy && { impersonatedBy }) }
      },
      redact: {
        paths: secretFields.flatMap((field) => [`["${field}"]`, `*["${field}"]`]),
        censor: '[redacted]',
      },
    },
    // Write asynchronously, because a synchronous write per line held up every request. pino
    // flushes what is left when the process exits.
    env.NODE_ENV === 'production' ? pino.destination({ sync: false }) : readable,
  )
  return instance
}

/**
 * The loggable parts of an error and its causes: class, code and message. A failed query's message
 * and the stack are left out, because they can spell out parameters such as a session token.
 */
export function describeError(error: unknown): Array<Record<string, string>> {
  const chain: Array<Record<string, string>> = []
  let current: unknown = error
  for (let depth = 0; depth < 6 && current !== undefined && current !== null; depth++) {
    if (typeof current !== 'object') {
      chain.push({ message: String(current) })
      break
    }
    const { name, code, message, params, cause } = current as Record<string, unknown>
    chain.push({
      ...(typeof name === 'string' && { name }),
      ...(typeof code === 'string' && { code }),
      ...(typeof message === 'string' && params === undefined && { message }),
    })
    current = cause
  }
  return chain
}

function log(level: Level, message: string, fields: Record<string, unknown> = {}) {
  pinoLogger()[level](fields, message)
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => log('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => log('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => log('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => log('error', message, fields),
}
