import type { SandboxContext, SandboxLimits } from '../../context'
import type {
  PersistentPart,
  SandboxGroup,
  SandboxStateApi,
  SandboxUser,
  UserDirectory,
} from '../../state/types'
import { hashPassword } from '../passwords'

/**
 * A small in-memory SandboxStateApi and context for unit tests of the auth services: three
 * users, a settable clock, and counters for persist() calls and registered parts.
 */
export const PASSWORDS = { alice: 'alice-pw', bob: 'bob-pw', root: 'root-pw' } as const

export const USER_IDS = {
  alice: '11111111-1111-4111-8111-111111111111',
  bob: '22222222-2222-4222-8222-222222222222',
  root: '33333333-3333-4333-8333-333333333333',
} as const

export const START = Date.parse('2025-03-01T12:00:00.000Z')

export const DEFAULT_LIMITS: SandboxLimits = {
  maxPageSize: 10_000,
  maxArchivePageSize: 1000,
  rate: null,
  burst: 0,
  concurrency: null,
  retryAfter: false,
  appTokenMaxExpiresIn: 2_592_000,
  patMaxLifetimeDays: 365,
  patMaxActive: 100,
  accessTokenLifetimeSeconds: 300,
  maxEntryDownload: 50_000,
  processingMs: 2_500,
}

let hashes: Promise<Record<keyof typeof PASSWORDS, string>> | null = null

function userHashes() {
  hashes ??= (async () => ({
    alice: await hashPassword(PASSWORDS.alice, Buffer.alloc(16, 1)),
    bob: await hashPassword(PASSWORDS.bob, Buffer.alloc(16, 2)),
    root: await hashPassword(PASSWORDS.root, Buffer.alloc(16, 3)),
  }))()
  return hashes
}

function user(key: keyof typeof PASSWORDS, first: string, last: string, hash: string): SandboxUser {
  return {
    user_id: USER_IDS[key],
    username: key,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    email: `${key}@example.invalid`,
    affiliation: 'Test Lab',
    created: '2024-01-01T00:00:00.000000',
    is_admin: key === 'root',
    passwordHash: hash,
  }
}

class Directory implements UserDirectory {
  constructor(private readonly users: SandboxUser[]) {}
  all() {
    return this.users
  }
  byId(userId: string) {
    return this.users.find((candidate) => candidate.user_id === userId)
  }
  byUsername(username: string) {
    return this.users.find((candidate) => candidate.username === username)
  }
  search(prefix: string) {
    const needle = prefix.toLowerCase()
    return this.users.filter((candidate) =>
      [candidate.username, candidate.first_name, candidate.last_name, candidate.email].some(
        (field) => field.toLowerCase().includes(needle),
      ),
    )
  }
}

export interface FakeSandbox {
  ctx: SandboxContext
  limits: SandboxLimits
  users: SandboxUser[]
  /** Current time in ms; tests assign or advance it. */
  clock: { now: number }
  persistCalls: () => number
  parts: Map<string, PersistentPart>
}

export async function fakeSandbox(limits: Partial<SandboxLimits> = {}): Promise<FakeSandbox> {
  const h = await userHashes()
  const users = [
    user('alice', 'Alice', 'Anders', h.alice),
    user('bob', 'Bob', 'Berg', h.bob),
    user('root', 'Root', 'Admin', h.root),
  ]
  const groups = new Map<string, SandboxGroup>()
  const parts = new Map<string, PersistentPart>()
  let persisted = 0
  const state: SandboxStateApi = {
    users: new Directory(users),
    groups,
    groupIdsOf: (userId) =>
      [...groups.values()]
        .filter((group) => group.owner === userId || group.members.includes(userId))
        .map((group) => group.group_id),
    persist: () => {
      persisted++
    },
    registerPersistent: (key, part) => {
      parts.set(key, part)
    },
  }
  const clock = { now: START }
  const current: SandboxLimits = { ...DEFAULT_LIMITS, ...limits }
  const ctx: SandboxContext = {
    state,
    limits: () => current,
    now: () => clock.now,
    tokenSecret: Buffer.alloc(32, 7),
  }
  return { ctx, limits: current, users, clock, persistCalls: () => persisted, parts }
}
