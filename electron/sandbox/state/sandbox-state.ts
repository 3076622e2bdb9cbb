import type { FixtureOptions } from '../data/fixture-uploads'
import { demoGroups } from '../data/groups'
import { DEMO_USERS } from '../data/users'
import { DataStore, type UploadPatch } from './data-store'
import { PersistentStore } from './persistence'
import type { PersistentPart, SandboxGroup, SandboxStateApi, UserDirectory } from './types'
import { StaticUserDirectory } from './user-directory'

/**
 * The sandbox's state: fixed demo users, mutable groups, the generated data set, and the
 * persistence of everything mutable (`--data-dir`). Routes and the auth plugin use it through
 * SandboxStateApi; the data routes also reach `data`.
 */

export interface SandboxStateOptions {
  entries: number
  uploads?: number
  seed: number
  largeFileBytes: number
  fixtures?: FixtureOptions
  /** The data's second revision (data/revision.ts). */
  revised?: boolean
  dataDir?: string
  onPersistError?: (error: unknown) => void
}

type UploadEditsJson = Record<string, UploadPatch>

export class SandboxState implements SandboxStateApi {
  readonly users: UserDirectory
  readonly groups = new Map<string, SandboxGroup>()
  readonly data: DataStore
  private readonly store: PersistentStore
  /** Upload edits and actions by upload id, kept so they can be saved and replayed. */
  private readonly uploadEdits: UploadEditsJson = {}

  constructor(options: SandboxStateOptions) {
    this.users = new StaticUserDirectory(DEMO_USERS)
    for (const group of demoGroups()) this.groups.set(group.group_id, group)
    this.data = new DataStore({
      entries: options.entries,
      seed: options.seed,
      largeFileBytes: options.largeFileBytes,
      ...(options.fixtures ? { fixtures: options.fixtures } : {}),
      nameOf: (userId) => this.users.byId(userId)?.name ?? userId,
      ...(options.uploads === undefined ? {} : { uploads: options.uploads }),
      ...(options.revised === true ? { revised: true } : {}),
    })
    this.store = new PersistentStore(options.dataDir, options.onPersistError ?? (() => undefined))
    this.registerPersistent('groups', {
      toJSON: () => [...this.groups.values()],
      load: (json) => {
        if (!Array.isArray(json)) return
        this.groups.clear()
        for (const group of json as SandboxGroup[]) {
          if (typeof group?.group_id === 'string') this.groups.set(group.group_id, group)
        }
      },
    })
    // The key predates the upload actions; it keeps data dirs of earlier versions readable.
    this.registerPersistent('upload-members', {
      toJSON: () => this.uploadEdits,
      load: (json) => {
        if (!json || typeof json !== 'object') return
        for (const [uploadId, patch] of Object.entries(json as UploadEditsJson)) {
          this.editUpload(uploadId, patch, false)
        }
      },
    })
  }

  groupIdsOf(userId: string): string[] {
    const ids: string[] = []
    for (const group of this.groups.values()) {
      if (group.owner === userId || group.members.includes(userId)) ids.push(group.group_id)
    }
    return ids
  }

  persist(): void {
    this.store.schedule()
  }

  registerPersistent(key: string, part: PersistentPart): void {
    this.store.register(key, part)
  }

  /**
   * Changes an upload (POST /uploads/{id}/edit and the upload actions: members, name, embargo,
   * publication, processing, deletion); false if the id is unknown or deleted.
   */
  editUpload(uploadId: string, patch: UploadPatch, save = true): boolean {
    const index = this.data.uploadIndexOf(uploadId)
    if (index === undefined) return false
    this.data.updateUpload(index, patch)
    this.uploadEdits[uploadId] = { ...this.uploadEdits[uploadId], ...patch }
    if (save) this.persist()
    return true
  }

  /** Saves pending changes now (on close). */
  flush(): void {
    this.store.flush()
  }
}
