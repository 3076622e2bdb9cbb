/**
 * JSON as the real server renders it: indented by 2 spaces (orjson OPT_INDENT_2), keys with
 * null values omitted (exclude_none). Large documents (20 MB archives) are produced as a
 * stream of chunks from a tree that may contain `LazyList`s, so no giant string or fully
 * materialised tree ever exists.
 */

/** A list whose items are generated on demand (e.g. MD frames of a large archive). */
export class LazyList<T = unknown> {
  constructor(
    readonly length: number,
    readonly at: (index: number) => T,
  ) {}

  /** Materialises a slice (for required selections and references). */
  slice(start = 0, end = this.length): T[] {
    const out: T[] = []
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) out.push(this.at(i))
    return out
  }
}

export function isLazyList(value: unknown): value is LazyList {
  return value instanceof LazyList
}

const CLEAN = new WeakSet<object>()

/**
 * Marks a value as free of null members (generated entry documents are), so that rendering
 * does not walk it: on a page of 100 full entries that walk costs as much as 40 % of
 * JSON.stringify.
 */
export function knownWithoutNulls<T extends object>(value: T): T {
  CLEAN.add(value)
  return value
}

/**
 * The value with null object members removed, copying only the objects that have some (most
 * responses have none, so this is a cheap walk), and lazy lists materialised. Faster than a
 * JSON.stringify replacer, which costs a call per value.
 */
function withoutNulls(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && CLEAN.has(value)) return value
  if (value instanceof LazyList) return value.slice().map(withoutNulls)
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      const clean = withoutNulls(item)
      if (clean !== item) {
        copy ??= value.slice()
        copy[i] = clean
      }
    }
    return copy ?? value
  }
  if (value === null || typeof value !== 'object') return value
  let copy: Record<string, unknown> | null = null
  const source = value as Record<string, unknown>
  for (const key in source) {
    const item = source[key]
    if (item === null) {
      copy ??= { ...source }
      delete copy[key]
      continue
    }
    const clean = withoutNulls(item)
    if (clean !== item) {
      copy ??= { ...source }
      copy[key] = clean
    }
  }
  return copy ?? value
}

/** Whole-document serialisation for ordinary responses. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(withoutNulls(value), null, 2) ?? 'null'
}

const CHUNK = 64 * 1024

function scalar(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null'
  return JSON.stringify(value) ?? 'null'
}

/** Streams `value` as indented JSON in ~64 KB string chunks (same text as toJsonText). */
export function* jsonChunks(value: unknown): Generator<string> {
  let buffer = ''
  const pad: string[] = []
  const indent = (depth: number) => {
    let text = pad[depth]
    if (text === undefined) {
      text = '\n' + ' '.repeat(depth * 2)
      pad[depth] = text
    }
    return text
  }
  type Frame = {
    items: Iterator<[string | null, unknown]>
    depth: number
    close: string
    first: boolean
  }
  const stack: Frame[] = []
  const open = (item: unknown, depth: number): void => {
    if (item instanceof LazyList || Array.isArray(item)) {
      const list = item
      const length = list.length
      if (length === 0) {
        buffer += '[]'
        return
      }
      let i = 0
      const at =
        list instanceof LazyList
          ? (k: number): unknown => list.at(k)
          : (k: number): unknown => (list as unknown[])[k]
      buffer += '['
      stack.push({
        items: {
          next: () =>
            i < length ? { value: [null, at(i++)], done: false } : { value: undefined, done: true },
        },
        depth: depth + 1,
        close: indent(depth) + ']',
        first: true,
      })
      return
    }
    if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item).filter(([, v]) => v !== null && v !== undefined)
      if (entries.length === 0) {
        buffer += '{}'
        return
      }
      buffer += '{'
      stack.push({
        items: entries[Symbol.iterator](),
        depth: depth + 1,
        close: indent(depth) + '}',
        first: true,
      })
      return
    }
    buffer += scalar(item === undefined ? null : item)
  }
  open(value, 0)
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]
    if (!frame) break
    const next = frame.items.next()
    if (next.done) {
      buffer += frame.close
      stack.pop()
    } else {
      const [key, item] = next.value
      buffer += (frame.first ? '' : ',') + indent(frame.depth)
      frame.first = false
      if (key !== null) buffer += JSON.stringify(key) + ': '
      open(item, frame.depth)
    }
    if (buffer.length >= CHUNK) {
      yield buffer
      buffer = ''
    }
  }
  if (buffer) yield buffer
}
