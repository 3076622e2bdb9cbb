/**
 * User ids → people with names and affiliations, through GET /users?user_id=… (batched). The
 * server strips e-mail addresses from this endpoint, and the app keeps only name and
 * affiliation anyway, so no address ever reaches the window.
 */
import type { User } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { Person } from '../../../shared/ipc/channels/groups'
import type { NomadClient, RequestOptions } from '../api/nomad-client'

// Repeated user_id parameters; a few dozen keep the URL well under common 8 KiB limits.
const BATCH = 40

const text = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim()

/** The display form of a user record: name (or username), affiliation; never the e-mail. */
export function toPerson(user: User): Person {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ')
  return {
    userId: user.user_id,
    name: text(user.name) ?? text(full) ?? text(user.username),
    affiliation: text(user.affiliation),
    known: true,
  }
}

/** For an id the server no longer knows: shown as the id, marked unknown. */
export const unknownPerson = (userId: string): Person => ({
  userId,
  name: null,
  affiliation: null,
  known: false,
})

/** Looks up every id once; ids the server skips (unknown accounts) come back as unknown. */
export async function resolvePeople(
  client: NomadClient,
  ids: readonly string[],
  options: RequestOptions,
): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)]
  const found = new Map<string, Person>()
  for (let at = 0; at < unique.length; at += BATCH) {
    const batch = unique.slice(at, at + BATCH)
    const answer = await client.users.list({ user_id: batch }, { ...options, label: 'user names' })
    for (const user of answer.data) found.set(user.user_id, toPerson(user))
  }
  for (const id of unique) if (!found.has(id)) found.set(id, unknownPerson(id))
  return found
}

/** The signed-in user's id, or null when the request carries no accepted credential. */
export async function currentUserId(
  client: NomadClient,
  options: RequestOptions,
): Promise<string | null> {
  try {
    return (await client.users.me({ ...options, label: 'who is signed in' })).user_id
  } catch (error) {
    if (error instanceof AppError && error.code === 'auth_required') return null
    throw error
  }
}
