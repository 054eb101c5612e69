/**
 * The server's log: pino, one JSON object per line in production (level, time, message, and the
 * request id and user id of the request it was written for), a short readable line in
 * development. Fields that could carry a credential are censored whatever logs them.
 */
import '@tanstack/react-start/server-only'
import pino from 'pino'

import { serverEnv } from './env'
import { currentRequest } from './request-context'

type Level = 'debug' | 'info' | 'warn' | 'error'

/** Field names that could hold a credential, wherever they appear (two levels deep). */
const secretFields = ['code', 'otp', 'token', 'cookie', 'authorization', 'password', 'secret', 'set-cookie']

/** Development: `[level] message {fields}`, as before pino, for a person reading a terminal. */
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

/** Made at the first line, from the validated environment. */
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
    // Written in the background: lines that come while one is being written go out together, where
    // a write per line held every request up for it. pino writes what is left as the process exits.
    env.NODE_ENV === 'production' ? pino.destination({ sync: false }) : readable,
  )
  return instance
}

/**
 * What may be logged of an error: the class, code and message of it and of each error it wraps,
 * but never the message of a failed query, which spells out its parameters (a session token, an
 * address), nor a stack, which repeats it.
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
