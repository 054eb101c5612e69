import { appConfig } from '@/app.config'

/**
 * When the last code to an address was sent and how many wrong tries it has had, kept in this tab's
 * sessionStorage. better-auth reports neither, and the code page needs both, even after a reload.
 */
interface SentCode {
  sentAt: number
  wrongTries: number
}

const keyOf = (address: string) => `folio:code:${address.trim().toLowerCase()}`

function read(address: string): SentCode | undefined {
  try {
    const stored = sessionStorage.getItem(keyOf(address))
    return stored ? (JSON.parse(stored) as SentCode) : undefined
  } catch {
    return undefined
  }
}

function write(address: string, code: SentCode) {
  try {
    sessionStorage.setItem(keyOf(address), JSON.stringify(code))
  } catch {
    // Storage refused (private mode, full): the page counts from what it sees.
  }
}

/** Records a new code sent to `address` and resets its wrong tries. */
export const recordCodeSent = (address: string) => write(address, { sentAt: Date.now(), wrongTries: 0 })

/** When the last code known to this tab was sent to `address`. */
export const codeSentAt = (address: string) => read(address)?.sentAt

/** Records a wrong try of the code sent to `address` and returns how many tries remain. */
export function recordWrongTry(address: string) {
  const code = read(address) ?? { sentAt: 0, wrongTries: 0 }
  write(address, { ...code, wrongTries: code.wrongTries + 1 })
  return Math.max(0, appConfig.auth.codeAttempts - code.wrongTries - 1)
}
