import { useEffect, useRef } from 'react'
import { isFetchablePath, type ArchivePath } from '../../../shared/ipc/channels/archive'
import { loadedCount, pathKey, type TreeNode } from './archive-model'
import type { ArchiveTreeState } from './use-archive-tree'

/** Expanding this needs a fetch first: a placeholder, or a list of values not sent yet. */
export function needsLoad(node: TreeNode | undefined): boolean {
  if (node === undefined || node.t === 'lazy') return true
  return node.t === 'list' && node.of === 'value' && !node.capped && loadedCount(node) === 0
}

/** The expanded set that shows `path` opened: the keys of the path and of every parent. */
export function pathsToReveal(path: ArchivePath | undefined): ReadonlySet<string> {
  return new Set((path ?? []).map((_, i) => pathKey(path?.slice(0, i + 1) ?? [])))
}

/**
 * The first place on the way to `path` that has to be fetched before the tree can show it;
 * undefined when all of it is loaded, or when the archive has no such place (a stale link).
 */
export function nextToLoad(root: TreeNode, path: ArchivePath): ArchivePath | undefined {
  let node: TreeNode = root
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]
    let child: TreeNode | undefined
    if (node.t === 'object' && typeof segment === 'string') {
      if (!node.keys.includes(segment)) return undefined
      child = node.children[segment]
    } else if (node.t === 'list' && typeof segment === 'number') {
      if (segment >= node.length) return undefined
      child = node.items[segment]
    } else return undefined
    if (needsLoad(child)) {
      const at = path.slice(0, i + 1)
      return isFetchablePath(at) ? at : undefined
    }
    if (child === undefined) return undefined
    node = child
  }
  return undefined
}

/**
 * Loads the parts of the archive down to `path`, one after another as they arrive, so a link
 * to a deep node opens with that node shown. Each place is asked for once: a failed one shows
 * its error in the tree (with Retry) instead of being fetched again and again.
 */
export function useRevealPath(tree: ArchiveTreeState, path: ArchivePath | undefined) {
  const asked = useRef(new Set<string>())
  const { root, load } = tree
  useEffect(() => {
    if (path === undefined || root === null) return
    const next = nextToLoad(root, path)
    if (next === undefined || asked.current.has(pathKey(next))) return
    asked.current.add(pathKey(next))
    load(next)
  }, [root, load, path])
}
