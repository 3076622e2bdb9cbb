import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { canLoad, filterTree, loadedCount, pathKey, type TreeNode } from './archive-model'

/**
 * How many items of a list are shown at first and added per "Show more" ("Show all" shows the
 * rest): the tree is virtualized, so only the rows on screen cost anything to draw.
 */
export const LIST_CHUNK = 1000

/** A node's row. */
export interface NodeRow {
  kind: 'node'
  path: ArchivePath
  /** pathKey(path). */
  key: string
  /** The path's last step: compared before `key`, so a list's rows need no key to be passed over. */
  last: string | number
  label: string
  node: TreeNode | undefined
  parent: TreeNode | undefined
  depth: number
  expanded: boolean
}

/**
 * A list item's row. A list shown whole is 100,000 of them, rebuilt whenever the open tree
 * changes, while only the few on screen (and the selected one) are ever asked for their path,
 * key or label: those are made on first use.
 */
class ItemRow implements NodeRow {
  readonly kind = 'node' as const
  private madePath: ArchivePath | undefined
  private madeKey: string | undefined
  constructor(
    private readonly listPath: ArchivePath,
    readonly last: number,
    readonly node: TreeNode | undefined,
    readonly parent: TreeNode | undefined,
    readonly depth: number,
    readonly expanded: boolean,
  ) {}
  get path(): ArchivePath {
    return (this.madePath ??= [...this.listPath, this.last])
  }
  get key(): string {
    return (this.madeKey ??= pathKey(this.path))
  }
  get label(): string {
    return `[${this.last}]`
  }
}

export type Row =
  | NodeRow
  /** "Show 20 more" under a list whose loaded items are not all shown yet. */
  | { kind: 'more'; path: ArchivePath; depth: number; shown: number; length: number }
  /** A list of values that came shortened: how many are missing, and whether they can come. */
  | { kind: 'rest'; path: ArchivePath; depth: number; missing: number; loadable: boolean }

export interface RowOptions {
  expanded: ReadonlySet<string>
  /** Items shown per list (pathKey → count); LIST_CHUNK when absent. */
  shownItems: ReadonlyMap<string, number>
  filter: string
}

/**
 * The tree as the flat list of rows on screen. Only expanded nodes contribute children, and
 * lists only their first chunks, so the number of rows follows what the researcher opened,
 * not the size of the archive. While filtering, ancestors of matches open by themselves.
 */
export function visibleRows(root: TreeNode, options: RowOptions) {
  const filtering = options.filter.trim() !== ''
  const found = filtering ? filterTree(root, options.filter) : undefined
  const rows: Row[] = []

  function children(node: TreeNode, path: ArchivePath, depth: number, onlyMatches: boolean) {
    const show = (child: ArchivePath) => !onlyMatches || found?.shown.has(pathKey(child))
    if (node.t === 'object') {
      for (const key of node.keys) {
        const childPath = [...path, key]
        if (show(childPath)) add(node.children[key], node, childPath, key, depth)
      }
      return
    }
    if (node.t !== 'list') return
    if (onlyMatches) {
      // Matches are loaded: the placeholders of a long list are skipped without a path each.
      node.items.forEach((item, i) => {
        if (item !== undefined && show([...path, i])) add(item, node, [...path, i], `[${i}]`, depth)
      })
      return
    }
    const limit = Math.min(node.length, options.shownItems.get(pathKey(path)) ?? LIST_CHUNK)
    const loaded = loadedCount(node)
    // Lists of values show what arrived; lists of sections show placeholders to expand.
    const visible = node.of === 'value' ? Math.min(limit, loaded) : limit
    const listKey = pathKey(path)
    const open = itemsIn(options.expanded, listKey)
    const matched = found ? itemsIn(found.shown, listKey) : undefined
    for (let i = 0; i < visible; i++) {
      const item = node.items[i]
      const byFilter = matched?.has(i) === true
      const row = new ItemRow(path, i, item, node, depth, open.has(i) || byFilter)
      rows.push(row)
      if (row.expanded && item !== undefined)
        children(item, row.path, depth + 1, byFilter && !open.has(i))
    }
    const reachable = node.of === 'value' ? loaded : node.length
    if (visible < reachable)
      rows.push({ kind: 'more', path, depth, shown: visible, length: reachable })
    if (node.of === 'value' && loaded < node.length)
      rows.push({
        kind: 'rest',
        path,
        depth,
        missing: node.length - loaded,
        loadable: canLoad(node, path),
      })
  }

  function add(
    node: TreeNode | undefined,
    parent: TreeNode | undefined,
    path: ArchivePath,
    label: string,
    depth: number,
  ) {
    const key = pathKey(path)
    const byFilter = found?.shown.has(key) === true
    const open = options.expanded.has(key) || byFilter
    const last = path[path.length - 1] ?? ''
    rows.push({ kind: 'node', path, key, last, label, node, parent, depth, expanded: open })
    if (open && node !== undefined)
      children(node, path, depth + 1, byFilter && !options.expanded.has(key))
  }

  children(root, [], 0, filtering)
  return {
    rows,
    hits: found?.hits ?? [],
    matches: found?.matches ?? 0,
    capped: found?.capped ?? false,
  }
}

/** The items of the list at `listKey` whose own key is in `keys` (opened, or matched). */
function itemsIn(keys: ReadonlySet<string>, listKey: string): ReadonlySet<number> {
  const prefix = `${listKey.slice(0, -1)},`
  const items = new Set<number>()
  for (const key of keys) {
    if (!key.startsWith(prefix)) continue
    const index = /^(\d+)\]$/.exec(key.slice(prefix.length))?.[1]
    if (index !== undefined) items.add(Number(index))
  }
  return items
}

/**
 * `shownItems` with every list on the way to `path` showing the chunk that holds it, so a node
 * revealed past a list's first chunk (a followed reference to `calculation[-1]`, a search match
 * at item 99,999) has a row to select and scroll to. The same map when nothing changes.
 */
export function showingPath(
  shownItems: ReadonlyMap<string, number>,
  path: ArchivePath,
): ReadonlyMap<string, number> {
  let next: Map<string, number> | undefined
  path.forEach((segment, i) => {
    if (typeof segment !== 'number') return
    const key = pathKey(path.slice(0, i))
    if ((shownItems.get(key) ?? LIST_CHUNK) > segment) return
    next ??= new Map(shownItems)
    next.set(key, Math.ceil((segment + 1) / LIST_CHUNK) * LIST_CHUNK)
  })
  return next ?? shownItems
}
