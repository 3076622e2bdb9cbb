import { createHash, randomBytes } from 'node:crypto'

/**
 * PAT secrets and ids as the real server makes them (nomad/auth/pat/domain.py): the raw token is
 * `nomad_pat_` + secrets.token_urlsafe(32) (53 chars), stored only as the lowercase hex SHA-256
 * of the whole string; ids are MongoDB ObjectIds (24 hex chars).
 */
export const PAT_PREFIX = 'nomad_pat_'

export function generateRawToken(): string {
  return PAT_PREFIX + randomBytes(32).toString('base64url')
}

export function digestToken(rawToken: string): string {
  return createHash('sha256').update(rawToken, 'utf8').digest('hex')
}

// ObjectId layout: 4-byte creation seconds, 5 random bytes fixed per process, 3-byte counter.
const processUnique = randomBytes(5).toString('hex')
let counter = randomBytes(3).readUIntBE(0, 3)

export function newObjectId(nowMs: number): string {
  counter = (counter + 1) % 0x1000000
  const time = Math.floor(nowMs / 1000) % 0x100000000
  return time.toString(16).padStart(8, '0') + processUnique + counter.toString(16).padStart(6, '0')
}

export function isObjectId(value: string): boolean {
  return /^[0-9a-f]{24}$/i.test(value)
}
