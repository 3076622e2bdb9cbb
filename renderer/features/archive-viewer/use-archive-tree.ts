import { useCallback, useEffect, useRef, useState } from 'react'
import type { AppError } from '../../../shared/errors'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import type { KeptNote } from '../../../shared/ipc/channels/offline-mode'
import { useIpcClient } from '../../ipc/client-context'
import { graft, nodeFromAnswer, pathKey, type TreeNode } from './archive-model'

export interface ArchiveTreeState {
  /** null until the top level has arrived. */
  root: TreeNode | null
  /** Paths (pathKey) being fetched. */
  loading: ReadonlySet<string>
  /** Failed fetches by path; the top level's under pathKey([]). */
  errors: ReadonlyMap<string, AppError>
  /** Fetches the part at `path` and grafts it in; a second call while one runs is ignored. */
  load: (path: ArchivePath) => void
  /** Set once a part came from this computer (the pinned summary or the cache), offline. */
  kept?: KeptNote | null
}

/**
 * One entry's archive, loaded piece by piece over 'archive.read'. Starts with the top level;
 * every fetch is cancelled when the viewer closes (the slot goes back to the scheduler).
 */
export function useArchiveTree(serverId: string, entryId: string): ArchiveTreeState {
  const client = useIpcClient()
  const [root, setRoot] = useState<TreeNode | null>(null)
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set())
  const [errors, setErrors] = useState<ReadonlyMap<string, AppError>>(new Map())
  const [kept, setKept] = useState<KeptNote | null>(null)
  const running = useRef(new Map<string, AbortController>())

  const load = useCallback(
    (path: ArchivePath) => {
      const key = pathKey(path)
      if (running.current.has(key)) return
      const controller = new AbortController()
      running.current.set(key, controller)
      const settle = () => {
        running.current.delete(key)
        setLoading((s) => without(s, key))
      }
      setLoading((s) => new Set(s).add(key))
      setErrors((m) => withoutKey(m, key))
      client
        .invoke('archive.read', { serverId, entryId, path }, { signal: controller.signal })
        .then(
          (answer) => {
            settle()
            if (answer.offline) setKept(answer.offline)
            const node = nodeFromAnswer(answer)
            setRoot((current) =>
              path.length === 0 || current === null ? node : graft(current, path, node),
            )
          },
          (error: AppError) => {
            settle()
            if (controller.signal.aborted) return
            setErrors((m) => new Map(m).set(key, error))
          },
        )
    },
    [client, serverId, entryId],
  )

  // The viewer is keyed by entry, so this runs once per archive shown.
  useEffect(() => {
    const fetches = running.current
    load([])
    return () => {
      for (const controller of fetches.values()) controller.abort()
      fetches.clear()
    }
  }, [load])

  return { root, loading, errors, load, kept }
}

function without(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  if (!set.has(key)) return set
  const next = new Set(set)
  next.delete(key)
  return next
}

function withoutKey<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  if (!map.has(key)) return map
  const next = new Map(map)
  next.delete(key)
  return next
}
