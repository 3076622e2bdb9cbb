import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Demo-account passwords are stored as `scrypt$<salt hex>$<hash hex>` (SandboxUser.passwordHash)
 * with node's default scrypt cost (N=16384, r=8, p=1) and a 64-byte key; verification takes the
 * key length from the stored hash.
 */
function scryptAsync(password: string, salt: Buffer, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

export async function hashPassword(password: string, salt = randomBytes(16)): Promise<string> {
  const key = await scryptAsync(password, salt, 64)
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`
}

interface StoredHash {
  salt: Buffer
  hash: Buffer
}

function parseStored(stored: string | undefined): StoredHash | null {
  const match = /^scrypt\$((?:[0-9a-f]{2})+)\$((?:[0-9a-f]{2})+)$/i.exec(stored ?? '')
  if (!match?.[1] || !match[2]) return null
  return { salt: Buffer.from(match[1], 'hex'), hash: Buffer.from(match[2], 'hex') }
}

// Compared against when the user is unknown, so both failures take about the same time.
const DUMMY: StoredHash = { salt: Buffer.alloc(16), hash: Buffer.alloc(64) }

/** True when `password` matches `stored`; an unknown user (undefined) or bad format never matches. */
export async function verifyPassword(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  const parsed = parseStored(stored)
  const { salt, hash } = parsed ?? DUMMY
  const actual = await scryptAsync(password, salt, hash.length)
  return timingSafeEqual(actual, hash) && parsed !== null
}
