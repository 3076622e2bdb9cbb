import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import {
  resolvePath,
  type ArchiveReference,
  type RefSegment,
} from '../../../shared/archive/references'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { pathKey } from './archive-model'
import { treeShape } from './tree-references'
import type { ArchiveTreeState } from './use-archive-tree'

/** A reference that could not be followed: the raw value and why. */
export interface FollowFailure {
  raw: string
  reason: string
}

type Pending =
  | { id: number; ref: Extract<ArchiveReference, { kind: 'local' }> }
  | { id: number; failure: FollowFailure }

/**
 * Following references in one archive. A local one is resolved against the loaded tree; where
 * the way is not loaded yet (a section, a list whose length a `-1` needs) the part is fetched
 * and resolution goes on when it arrives, until the target is found (`onFound`) or a step is
 * missing (a failure naming that step). Other entries' references go to `onOtherEntry`.
 */
export function useFollowReference(
  tree: ArchiveTreeState,
  onFound: (path: ArchivePath) => void,
  onOtherEntry: (entryId: string, path: RefSegment[]) => void,
) {
  const [pending, setPending] = useState<Pending | null>(null)
  const asked = useRef(new Set<string>())
  const handled = useRef(-1)
  const counter = useRef(0)
  const { root, errors, load } = tree

  const result = useMemo(
    () =>
      pending && 'ref' in pending && root ? resolvePath(pending.ref.path, treeShape(root)) : null,
    [pending, root],
  )
  const loadPath = result?.status === 'load' ? result.path : undefined
  const loadError = loadPath ? errors.get(pathKey(loadPath)) : undefined

  let failure: FollowFailure | null = null
  if (pending && 'failure' in pending) failure = pending.failure
  else if (pending && result?.status === 'missing')
    failure = {
      raw: pending.ref.raw,
      // Offline, the tree holds only what this computer keeps: the target may well exist.
      reason: tree.kept
        ? `This reference points outside the part of the archive kept on this computer (${result.reason}); it can be followed once the server can be reached.`
        : `This reference points nowhere: ${result.reason}`,
    }
  else if (pending && loadError) failure = { raw: pending.ref.raw, reason: loadError.message }

  const found = useEffectEvent((path: ArchivePath) => onFound(path))
  useEffect(() => {
    if (pending === null || result?.status !== 'found' || handled.current === pending.id) return
    handled.current = pending.id
    found(result.path)
  }, [pending, result])

  useEffect(() => {
    if (loadPath === undefined || loadError) return
    const key = pathKey(loadPath)
    if (asked.current.has(key)) return
    asked.current.add(key)
    load(loadPath)
  }, [loadPath, loadError, load])

  const follow = useCallback(
    (ref: ArchiveReference) => {
      asked.current.clear()
      const id = ++counter.current
      if (ref.kind === 'unsupported')
        setPending({ id, failure: { raw: ref.raw, reason: ref.reason } })
      else if (ref.kind === 'local') setPending({ id, ref })
      else {
        setPending(null)
        // Negative indices need that archive's list lengths: it resolves them when it opens.
        onOtherEntry(ref.entryId, ref.path)
      }
    },
    [onOtherEntry],
  )

  return {
    follow,
    following: loadPath !== undefined && !loadError,
    failure,
    dismiss: () => setPending(null),
  }
}
