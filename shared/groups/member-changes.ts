/**
 * What an edit of a group changes, and how two edits of the same group combine. The server's
 * edit replaces the member list wholesale, so the app computes the whole new list itself and
 * shows these differences before it sends anything.
 */
export interface GroupState {
  name: string
  members: readonly string[]
}

export interface GroupChanges {
  /** The new name, or null when the name stays. */
  rename: { from: string; to: string } | null
  added: string[]
  removed: string[]
}

/** From `before` to `after`; members compared as sets, in the order they appear. */
export function groupChanges(before: GroupState, after: GroupState): GroupChanges {
  const old = new Set(before.members)
  const next = new Set(after.members)
  return {
    rename: before.name === after.name ? null : { from: before.name, to: after.name },
    added: [...next].filter((id) => !old.has(id)),
    removed: [...old].filter((id) => !next.has(id)),
  }
}

export function hasChanges(changes: GroupChanges): boolean {
  return changes.rename !== null || changes.added.length > 0 || changes.removed.length > 0
}

/**
 * Applies the user's changes (from `base`, the group as the editor loaded it, to `mine`) onto
 * `current`, the group as someone else left it meanwhile: their additions and removals stay
 * unless the user touched the same person, and the user's name wins only if they renamed it.
 */
export function mergeGroupEdits(
  base: GroupState,
  mine: GroupState,
  current: GroupState,
): { name: string; members: string[] } {
  const changes = groupChanges(base, mine)
  const members = [...current.members.filter((id) => !changes.removed.includes(id))]
  for (const id of changes.added) if (!members.includes(id)) members.push(id)
  return { name: changes.rename ? mine.name : current.name, members }
}
