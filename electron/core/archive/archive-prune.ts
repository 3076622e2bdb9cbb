import type { JsonValue } from '../../../shared/api'
import {
  isFetchablePath,
  type ArchiveMark,
  type ArchivePath,
} from '../../../shared/ipc/channels/archive'

/**
 * Shortens a fetched part of an archive to what the window should hold at once. A section of a
 * molecular-dynamics run is tens of megabytes; sending it whole over IPC and keeping it in the
 * renderer would stall both, while the researcher looks at a handful of nodes. Small children
 * are kept whole, big ones share the remaining budget, and whatever does not fit becomes a mark
 * the viewer can fetch on its own later (by path, so the server reads only that part).
 */

/** About this many characters of JSON per answer. */
export const ANSWER_BUDGET = 256 * 1024
/** Below this share a section or a long value is left out (lazy) rather than cut up further. */
const MIN_SHARE = 96
/** At most this many items of a list of sections are sent; the rest are fetched one by one. */
const MAX_SECTION_ITEMS = 50
/** The least share worth giving one sent item of a list of sections. */
const SECTION_ITEM_SHARE = 2048

type Json = JsonValue
const isObject = (v: Json): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Serialised length in characters (escapes ignored), memoised per object: one pass overall. */
export class JsonSizer {
  private readonly memo = new WeakMap<object, number>()

  size(value: Json): number {
    if (value === null) return 4
    if (typeof value === 'string') return value.length + 2
    if (typeof value === 'number') return String(value).length
    if (typeof value === 'boolean') return value ? 4 : 5
    const known = this.memo.get(value)
    if (known !== undefined) return known
    let total = 2
    if (Array.isArray(value)) {
      for (const item of value) total += this.size(item) + 1
    } else {
      for (const [key, item] of Object.entries(value)) total += key.length + 4 + this.size(item)
    }
    this.memo.set(value, total)
    return total
  }
}

export interface Pruned {
  value: Json
  marks: ArchiveMark[]
}

/** `value` is what sits at `path` in the archive; it is never left out itself (it was asked for). */
export function pruneArchiveValue(value: Json, path: ArchivePath, budget = ANSWER_BUDGET): Pruned {
  const sizer = new JsonSizer()
  const marks: ArchiveMark[] = []

  function lazy(at: ArchivePath): Json {
    marks.push({ kind: 'lazy', path: at })
    return null
  }

  function prune(node: Json, at: ArchivePath, share: number, root: boolean): Json {
    if (sizer.size(node) <= share) return node
    const leaveOut = !root && isFetchablePath(at)
    if (!isObject(node) && !Array.isArray(node)) return leaveOut ? lazy(at) : node
    if (Array.isArray(node)) return list(node, at, share)
    if (leaveOut && share < MIN_SHARE) return lazy(at)
    return section(node, at, share)
  }

  function section(node: { [key: string]: Json }, at: ArchivePath, share: number): Json {
    const entries = Object.entries(node)
    let remaining = share - entries.reduce((sum, [key]) => sum + key.length + 4, 2)
    const kept = new Map<string, Json>()
    // Smallest first, so small quantities stay whole and big children split what is left.
    const bySize = [...entries].sort((a, b) => sizer.size(a[1]) - sizer.size(b[1]))
    bySize.forEach(([key, child], i) => {
      const part = prune(child, [...at, key], Math.max(0, remaining) / (bySize.length - i), false)
      remaining -= sizer.size(part)
      kept.set(key, part)
    })
    return Object.fromEntries(entries.map(([key]) => [key, kept.get(key) ?? null]))
  }

  function list(node: Json[], at: ArchivePath, share: number): Json {
    const sections = node.length > 0 && node.every(isObject)
    const out: Json[] = []
    let remaining = share
    // Fewer sections, each with a share worth looking at, rather than many empty shells.
    const cap = sections
      ? Math.min(
          node.length,
          MAX_SECTION_ITEMS,
          Math.max(1, Math.floor(share / SECTION_ITEM_SHARE)),
        )
      : node.length
    for (let i = 0; i < cap; i++) {
      const item = node[i] ?? null
      const itemShare = sections ? remaining / (cap - i) : remaining
      if (sizer.size(item) > itemShare) {
        // Sections are cut up further while their share is worth it; values are all or
        // nothing, except a first item that is itself a list, so a matrix is never blank.
        const cut = sections || (out.length === 0 && Array.isArray(item))
        if (!cut || itemShare < MIN_SHARE) break
      }
      out.push(prune(item, [...at, i], itemShare, false))
      remaining -= sizer.size(out[out.length - 1] ?? null) + 1
    }
    if (out.length < node.length) {
      marks.push({
        kind: 'partial',
        path: at,
        length: node.length,
        items: sections ? 'section' : 'value',
      })
    }
    return out
  }

  return { value: prune(value, path, budget, true), marks }
}
