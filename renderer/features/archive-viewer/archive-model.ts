import type { JsonPrimitive, JsonValue } from '../../../shared/api'
import { formatNumber } from './format-number'
import {
  isFetchablePath,
  type ArchiveAnswer,
  type ArchiveMark,
  type ArchivePath,
} from '../../../shared/ipc/channels/archive'

/**
 * The archive as far as the viewer has loaded it: answers of 'archive.read' grafted into one
 * tree at their paths. Pure and immutable, so React sees a new root whenever a part arrives.
 */
export type TreeNode =
  | { t: 'object'; keys: string[]; children: Record<string, TreeNode> }
  | {
      t: 'list'
      length: number
      /** undefined: not loaded (a section fetched on expand, or a value left on the server). */
      items: (TreeNode | undefined)[]
      of: 'section' | 'value'
      /** This list was asked for by its own path and still came shortened: it cannot grow. */
      capped: boolean
    }
  | { t: 'value'; value: JsonPrimitive }
  /** Not loaded yet: fetched by its path when expanded. */
  | { t: 'lazy' }

export const LAZY: TreeNode = { t: 'lazy' }
export const pathKey = (path: ArchivePath) => JSON.stringify(path)

const isObject = (v: JsonValue): v is { [key: string]: JsonValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Turns an answer into nodes, placeholders where its marks say core left something out. */
export function nodeFromAnswer(answer: ArchiveAnswer): TreeNode {
  const marks = new Map<string, ArchiveMark>(answer.marks.map((m) => [pathKey(m.path), m]))
  const asked = pathKey(answer.path)
  function build(value: JsonValue, path: ArchivePath): TreeNode {
    const mark = marks.get(pathKey(path))
    if (mark?.kind === 'lazy') return LAZY
    if (Array.isArray(value)) {
      const items: (TreeNode | undefined)[] = value.map((v, i) => build(v, [...path, i]))
      const partial = mark?.kind === 'partial' ? mark : undefined
      if (partial) items.length = partial.length
      return {
        t: 'list',
        length: items.length,
        items,
        of: partial ? partial.items : value.every(isObject) ? 'section' : 'value',
        capped: partial !== undefined && pathKey(path) === asked,
      }
    }
    if (isObject(value)) {
      const keys = Object.keys(value)
      return {
        t: 'object',
        keys,
        children: Object.fromEntries(keys.map((k) => [k, build(value[k] ?? null, [...path, k])])),
      }
    }
    return { t: 'value', value }
  }
  return build(answer.value, answer.path)
}

/** The node at a path; undefined for a list item not loaded yet. */
export function nodeAt(root: TreeNode, path: ArchivePath): TreeNode | undefined {
  let node: TreeNode | undefined = root
  for (const segment of path) {
    if (node?.t === 'object' && typeof segment === 'string') node = node.children[segment]
    else if (node?.t === 'list' && typeof segment === 'number') node = node.items[segment]
    else return undefined
  }
  return node
}

/** A copy of `root` with `node` at `path` (list items beyond the loaded ones included). */
export function graft(root: TreeNode, path: ArchivePath, node: TreeNode): TreeNode {
  const [head, ...rest] = path
  if (head === undefined) return node
  if (root.t === 'object' && typeof head === 'string') {
    const child = root.children[head] ?? LAZY
    return { ...root, children: { ...root.children, [head]: graft(child, rest, node) } }
  }
  if (root.t === 'list' && typeof head === 'number') {
    const items = [...root.items]
    items.length = root.length
    items[head] = graft(items[head] ?? LAZY, rest, node)
    return { ...root, items }
  }
  return root
}

/** Whether a place can be loaded on its own when it is a placeholder. */
export function canLoad(node: TreeNode | undefined, path: ArchivePath, parent?: TreeNode): boolean {
  if (!isFetchablePath(path)) return false
  if (node === undefined) return parent?.t === 'list' && parent.of === 'section'
  return node.t === 'lazy' || (node.t === 'list' && !node.capped && loadedCount(node) < node.length)
}

export function loadedCount(list: Extract<TreeNode, { t: 'list' }>): number {
  let n = 0
  for (const item of list.items) if (item !== undefined) n++
  return n
}

/** Placeholders and non-empty sections and lists open; an empty one has nothing to show. */
export function isExpandable(node: TreeNode | undefined): boolean {
  if (node === undefined || node.t === 'lazy') return true
  if (node.t === 'object') return node.keys.length > 0
  return node.t === 'list' && node.length > 0
}

/** True when nothing below is a placeholder: the value can be copied from what is loaded. */
export function isComplete(node: TreeNode | undefined): boolean {
  if (node === undefined || node.t === 'lazy') return false
  if (node.t === 'value') return true
  if (node.t === 'object') return node.keys.every((k) => isComplete(node.children[k]))
  return loadedCount(node) === node.length && node.items.every(isComplete)
}

/** The loaded value as JSON (only meaningful when isComplete). */
export function toJson(node: TreeNode | undefined): JsonValue {
  if (node === undefined || node.t === 'lazy') return null
  if (node.t === 'value') return node.value
  if (node.t === 'object')
    return Object.fromEntries(node.keys.map((k) => [k, toJson(node.children[k])]))
  return node.items.map(toJson)
}

/** How numbers are shown: converted to a unit, with its symbol (archive-units). */
export interface NumberUnit {
  symbol: string
  convert: (value: number) => number
}

/** Short text for a row: "12 items", "{4}", a number (in `unit`), the start of a string. */
export function summary(node: TreeNode | undefined, unit?: NumberUnit): string {
  if (node === undefined || node.t === 'lazy') return ''
  if (node.t === 'object') return `${node.keys.length} ${node.keys.length === 1 ? 'key' : 'keys'}`
  if (node.t === 'list') {
    // Sparse arrays: `every` skips items not loaded, so count them first.
    const inline =
      node.length > 0 &&
      node.length <= 6 &&
      loadedCount(node) === node.length &&
      node.items.every((i) => i?.t === 'value')
        ? node.items.map((i) => (i?.t === 'value' ? formatValue(i.value, 24, unit) : '')).join(', ')
        : undefined
    if (inline !== undefined && inline.length <= 80)
      return `[${inline}]${unit && node.items.some((i) => i?.t === 'value' && typeof i.value === 'number') ? ` ${unit.symbol}` : ''}`
    return `${node.length.toLocaleString('en-US')} ${node.length === 1 ? 'item' : 'items'}`
  }
  const text = formatValue(node.value, 160, unit)
  return unit && typeof node.value === 'number' ? `${text} ${unit.symbol}` : text
}

export function formatValue(value: JsonPrimitive, max: number, unit?: NumberUnit): string {
  if (typeof value === 'number' && unit) return formatNumber(unit.convert(value))
  if (typeof value === 'string') {
    const text = value.length > max ? `${value.slice(0, max)}…` : value
    return JSON.stringify(text)
  }
  return String(value)
}

/**
 * The archive search over what is loaded: every node whose key, or whose value as shown, contains
 * the text (case-insensitive), in the order of the tree. `shown` holds the matches and their
 * ancestors (the rows the filtered tree shows); `hits` the matches themselves, for next and
 * previous. Stops after `limit` matches so a huge tree stays responsive.
 */
export function filterTree(
  root: TreeNode,
  text: string,
  limit = 500,
): { shown: Set<string>; hits: ArchivePath[]; matches: number; capped: boolean } {
  const needle = text.trim().toLowerCase()
  const shown = new Set<string>()
  const hits: ArchivePath[] = []
  function visit(node: TreeNode | undefined, path: ArchivePath): boolean {
    if (hits.length >= limit || node === undefined) return false
    let hit = false
    const last = path[path.length - 1]
    if (
      (typeof last === 'string' && last.toLowerCase().includes(needle)) ||
      (node.t === 'value' && node.value !== null && valueText(node.value).includes(needle))
    ) {
      hits.push(path)
      hit = true
    }
    if (node.t === 'object')
      for (const key of node.keys) hit = visit(node.children[key], [...path, key]) || hit
    if (node.t === 'list')
      // Placeholders (a long list's items not loaded) cost no path and no call.
      node.items.forEach((item, i) => {
        if (item !== undefined) hit = visit(item, [...path, i]) || hit
      })
    if (hit) shown.add(pathKey(path))
    return hit
  }
  visit(root, [])
  return { shown, hits, matches: hits.length, capped: hits.length >= limit }
}

/** A value as the search reads it: strings as they are, numbers as JSON writes them. */
const valueText = (value: string | number | boolean) =>
  typeof value === 'string' ? value.toLowerCase() : String(value)
