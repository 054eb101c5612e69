import { existsSync } from 'node:fs'

/** Loads `.env` into process.env when there is one; variables already set win. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file)
}
