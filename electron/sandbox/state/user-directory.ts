import type { SandboxUser, UserDirectory } from './types'

/** The fixed set of demo users with lookups by id, username and substring search. */
export class StaticUserDirectory implements UserDirectory {
  private readonly ids = new Map<string, SandboxUser>()
  private readonly names = new Map<string, SandboxUser>()

  constructor(private readonly users: readonly SandboxUser[]) {
    for (const user of users) {
      this.ids.set(user.user_id, user)
      this.names.set(user.username, user)
    }
  }

  all(): readonly SandboxUser[] {
    return this.users
  }

  byId(userId: string): SandboxUser | undefined {
    return this.ids.get(userId)
  }

  byUsername(username: string): SandboxUser | undefined {
    return this.names.get(username)
  }

  search(prefix: string): SandboxUser[] {
    const needle = prefix.toLowerCase()
    return this.users.filter((user) =>
      [user.username, user.first_name, user.last_name, user.name, user.email].some((field) =>
        field.toLowerCase().includes(needle),
      ),
    )
  }
}
