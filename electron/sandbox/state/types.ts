/**
 * The sandbox's data model, shared by the route modules. The implementation lives in
 * state/sandbox-state.ts (generated demo data plus mutable parts); routes depend on this
 * interface only.
 */

/** A demo account. `passwordHash` is `scrypt$<salt hex>$<hash hex>`; never sent over the wire. */
export interface SandboxUser {
  user_id: string
  username: string
  first_name: string
  last_name: string
  name: string
  email: string
  affiliation: string
  affiliation_address?: string
  created: string
  is_admin: boolean
  is_oasis_admin?: boolean
  passwordHash: string
}

export interface SandboxGroup {
  group_id: string
  group_name: string
  owner: string
  members: string[]
}

/** Something with mutable state that must survive a restart when --data-dir is given. */
export interface PersistentPart {
  toJSON(): unknown
  load(json: unknown): void
}

export interface UserDirectory {
  all(): readonly SandboxUser[]
  byId(userId: string): SandboxUser | undefined
  byUsername(username: string): SandboxUser | undefined
  /** Case-insensitive substring search over username, names and email (GET /users?prefix=). */
  search(prefix: string): SandboxUser[]
}

export interface SandboxStateApi {
  readonly users: UserDirectory
  /** Mutable; call persist() after a change. */
  readonly groups: Map<string, SandboxGroup>
  /** Ids of groups the user owns or is a member of (for owner/visibility checks). */
  groupIdsOf(userId: string): string[]
  /** Schedules an atomic save of all persistent parts (no-op without --data-dir). */
  persist(): void
  /** Registers a mutable part (e.g. the PAT store under 'pats') for load and save. */
  registerPersistent(key: string, part: PersistentPart): void
}
