import type { CodeSplittingGroup } from 'rolldown'

/** The part of rolldown's chunking context a group's `name` function uses here. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

/**
 * Two chunk groups ahead of the renderer's per-screen library groups, so that the first screen
 * comes in five files instead of thirty:
 *
 * - `initial`: every module the entry (`entry`, the module index.html loads) imports
 *   statically, libraries and app code, by rolldown's own `$initial` tag. The entry always runs
 *   first, so a lazy screen that shares one of them loads nothing extra; left to the per-screen
 *   groups they were ten files, split by which lazy screens share them. Rolldown merges the
 *   group into the entry's chunk.
 * - `first-screen`: every module the first screen (`screen`, e.g. the absolute path of
 *   renderer/screens/search/search-screen.tsx) imports statically and the entry does not, app
 *   code included (shared helpers were files of a few hundred bytes each). Another screen that
 *   needs one of them loads the whole group; the window opens on the first screen, so it is
 *   usually loaded already, and its bytes stay out of the initial JavaScript.
 *
 * The second group walks `importedIds`, which go through a library's barrel file: a library
 * module that the entry's barrel import reaches counts as the entry's, although rolldown may
 * tree-shake it out of the initial code (Mantine's Tabs, ~6 kB, is a file of its own for this).
 * Each file of the first screen is a request (six at a time over HTTP/1.1 in web mode), a compile
 * and a code-cache entry; the bundle check (e2e/bench/bundle-check.ts) caps their number.
 */
export function firstScreenChunkGroups(entry: string, screen: string): CodeSplittingGroup[] {
  let firstScreenOnly: Set<string> | undefined
  const modulesOf = (graph: ModuleGraph): Set<string> => {
    if (firstScreenOnly) return firstScreenOnly
    const initial = staticClosure(graph, entry)
    firstScreenOnly = new Set([...staticClosure(graph, screen)].filter((id) => !initial.has(id)))
    firstScreenOnly.delete(screen)
    return firstScreenOnly
  }
  return [
    { name: 'initial', test: (id) => id !== entry, tags: ['$initial'], priority: 3 },
    {
      debugName: 'first-screen',
      name: (id, graph) => (modulesOf(graph).has(id) ? 'first-screen' : null),
      priority: 2,
    },
  ]
}

/** A module and every module it imports statically, directly or not. */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  if (!graph.getModuleInfo(root)) throw new Error(`firstScreenChunkGroups: no module ${root}`)
  const seen = new Set<string>()
  const queue = [root]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue
    seen.add(next)
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []))
  }
  return seen
}
