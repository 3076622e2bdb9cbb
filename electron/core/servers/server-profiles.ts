import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { ServerList, ServerProfile } from '../../../shared/ipc/models/server-profile'
import type { SettingsRepo } from '../settings/settings-repo'
import type { StoredServer } from '../settings/schema'
import { PUBLIC_SERVER_ID } from './built-in'

export interface ServerDraft {
  name: string
  baseUrl: string
  note: string
}
export interface ServerChanges {
  id: string
  name?: string | undefined
  baseUrl?: string | undefined
  note?: string | undefined
}

/** CRUD and selection of server profiles; inputs arrive already validated by the router. */
export interface ServerProfiles {
  list(): ServerList
  get(id: string): ServerProfile
  active(): ServerProfile
  add(draft: ServerDraft): ServerProfile
  update(changes: ServerChanges): { profile: ServerProfile; urlChanged: boolean }
  remove(id: string): ServerList
  select(id: string): ServerList
}

/** A profile's name, or undefined once the profile is gone (for news about a removed server). */
export function profileName(profiles: Pick<ServerProfiles, 'get'>, id: string): string | undefined {
  try {
    return profiles.get(id).name
  } catch {
    return undefined
  }
}

export interface ServerProfilesOptions {
  repo: SettingsRepo
  /** Profiles from code; a function when one changes at run time (the sandbox's address). */
  builtIns: readonly ServerProfile[] | (() => readonly ServerProfile[])
  /** Called after every change with the new list (core emits 'servers.changed'). */
  onChange: (list: ServerList) => void
  newId?: () => string
}

const sameName = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0

export function createServerProfiles(options: ServerProfilesOptions): ServerProfiles {
  const { repo, builtIns, onChange } = options
  const newId = options.newId ?? randomUUID

  function all(): ServerProfile[] {
    const fromCode = typeof builtIns === 'function' ? builtIns() : builtIns
    return [...fromCode, ...repo.read().servers.profiles]
  }

  function list(): ServerList {
    const servers = all()
    const stored = repo.read().servers.activeServerId
    // A stale id (profile removed elsewhere, sandbox not running) falls back to the public server.
    const activeServerId = servers.some((s) => s.id === stored)
      ? stored
      : (servers[0]?.id ?? PUBLIC_SERVER_ID)
    return { servers, activeServerId }
  }

  function get(id: string): ServerProfile {
    const profile = all().find((s) => s.id === id)
    if (!profile) throw new AppError('not_found', `There is no server profile with id “${id}”.`)
    return profile
  }

  function assertNameFree(name: string, exceptId?: string): void {
    const clash = all().find((s) => s.id !== exceptId && sameName(s.name, name))
    if (clash)
      throw new AppError('conflict', `A server profile named “${clash.name}” already exists.`, {
        path: ['name'],
      })
  }

  function assertEditable(profile: ServerProfile, verb: string): void {
    if (profile.builtIn)
      throw new AppError(
        'forbidden',
        `“${profile.name}” is built in and cannot be ${verb}; add your own profile instead.`,
      )
  }

  function saveProfiles(mutate: (profiles: StoredServer[]) => StoredServer[], activeId?: string) {
    const doc = repo.read()
    repo.write({
      ...doc,
      servers: {
        profiles: mutate(doc.servers.profiles),
        activeServerId: activeId ?? doc.servers.activeServerId,
      },
    })
    const next = list()
    onChange(next)
    return next
  }

  return {
    list,
    get,
    active: () => get(list().activeServerId),
    add(draft) {
      assertNameFree(draft.name)
      const profile: StoredServer = { id: newId(), ...draft, kind: 'remote', builtIn: false }
      saveProfiles((profiles) => [...profiles, profile])
      return profile
    },
    update(changes) {
      const current = get(changes.id)
      assertEditable(current, 'edited')
      if (changes.name !== undefined) assertNameFree(changes.name, current.id)
      const next: StoredServer = {
        id: current.id,
        name: changes.name ?? current.name,
        baseUrl: changes.baseUrl ?? current.baseUrl,
        note: changes.note ?? current.note,
        kind: 'remote',
        builtIn: false,
      }
      saveProfiles((profiles) => profiles.map((p) => (p.id === next.id ? next : p)))
      return { profile: next, urlChanged: next.baseUrl !== current.baseUrl }
    },
    remove(id) {
      const profile = get(id)
      assertEditable(profile, 'removed')
      const wasActive = list().activeServerId === id
      return saveProfiles(
        (profiles) => profiles.filter((p) => p.id !== id),
        wasActive ? PUBLIC_SERVER_ID : undefined,
      )
    },
    select(id) {
      get(id)
      return saveProfiles((profiles) => profiles, id)
    },
  }
}
