import { appConfig } from '@/app.config'

/**
 * What this browser tab knows of the last code sent to an address: when it went and how many
 * wrong tries it has had. better-auth tells neither (a wrong code answers INVALID_OTP, nothing
 * more), and the code's page needs both, after a reload too: to count down to the next code,
 * and to say how many tries remain. Kept in sessionStorage: the tab's own, gone with it.
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

/** A new code went to `address`: the count of wrong tries starts again. */
export const recordCodeSent = (address: string) => write(address, { sentAt: Date.now(), wrongTries: 0 })

/** When the last code known to this tab was sent to `address`. */
export const codeSentAt = (address: string) => read(address)?.sentAt

/** A wrong try of the code sent to `address`; how many it has left. */
export function recordWrongTry(address: string) {
  const code = read(address) ?? { sentAt: 0, wrongTries: 0 }
  write(address, { ...code, wrongTries: code.wrongTries + 1 })
  return Math.max(0, appConfig.auth.codeAttempts - code.wrongTries - 1)
}
