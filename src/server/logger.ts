import '@tanstack/react-start/server-only'

type Level = 'debug' | 'info' | 'warn' | 'error'

/** One line per event, JSON in production so log collectors can parse it. */
function log(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const line =
    process.env.NODE_ENV === 'production'
      ? JSON.stringify({ level, time: new Date().toISOString(), message, ...fields })
      : `[${level}] ${message}${Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : ''}`
  if (level === 'error' || level === 'warn') console.error(line)
  else console.log(line)
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => log('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => log('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => log('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => log('error', message, fields),
}
