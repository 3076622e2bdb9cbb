import { LazyList } from '../server/json'

/** Helpers over archive trees, whose lists may be plain arrays or LazyLists. */
export type Node = Record<string, unknown>
export type PathSegment = string | number

export function isNode(value: unknown): value is Node {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof LazyList)
  )
}

export function isList(value: unknown): value is unknown[] | LazyList {
  return Array.isArray(value) || value instanceof LazyList
}

export function listLength(list: unknown[] | LazyList): number {
  return list.length
}

export function listAt(list: unknown[] | LazyList, index: number): unknown {
  return list instanceof LazyList ? list.at(index) : list[index]
}

/** Python index semantics: negative from the end; undefined when out of range. */
export function normaliseIndex(index: number, length: number): number | undefined {
  const i = index < 0 ? length + index : index
  return i >= 0 && i < length ? i : undefined
}

/** Follows a path; returns the value and the path with negative indices made absolute. */
export function resolvePath(
  root: unknown,
  path: PathSegment[],
): { value: unknown; path: PathSegment[] } | undefined {
  let node = root
  const normalised: PathSegment[] = []
  for (const segment of path) {
    if (isList(node)) {
      const index = typeof segment === 'number' ? segment : Number(segment)
      if (!Number.isInteger(index)) return undefined
      const i = normaliseIndex(index, listLength(node))
      if (i === undefined) return undefined
      normalised.push(i)
      node = listAt(node, i)
    } else if (isNode(node)) {
      const key = String(segment)
      if (!(key in node)) return undefined
      normalised.push(key)
      node = node[key]
    } else return undefined
    if (node === undefined || node === null) return undefined
  }
  return { value: node, path: normalised }
}

/**
 * Deep merge of `value` into `target`: objects key by key, plain lists element by element
 * (null padding filled in), anything else replaced.
 */
export function merge(target: unknown, value: unknown): unknown {
  if (isNode(target) && isNode(value)) {
    for (const [key, v] of Object.entries(value)) target[key] = merge(target[key], v)
    return target
  }
  if (Array.isArray(target) && Array.isArray(value)) {
    const list = target as unknown[]
    ;(value as unknown[]).forEach((v, i) => {
      list[i] = v === null && i < list.length ? list[i] : merge(list[i], v)
    })
    return list
  }
  return value === undefined ? target : value
}

/**
 * Writes `value` into the output tree at `path`, creating sections and padding lists with
 * null, merging with what is already there. Lazy lists in the output were included whole, so
 * anything under them is already present.
 */
export function placeAt(root: Node, path: PathSegment[], value: unknown): void {
  if (path.length === 0) {
    merge(root, value)
    return
  }
  let node: unknown = root
  for (let k = 0; k < path.length; k++) {
    const segment = path[k] as PathSegment
    const last = k === path.length - 1
    const nextIsIndex = !last && typeof path[k + 1] === 'number'
    if (node instanceof LazyList) return
    if (Array.isArray(node)) {
      const index = Number(segment)
      while (node.length <= index) node.push(null)
      if (last) node[index] = merge(node[index], value)
      else if (node[index] === null || typeof node[index] !== 'object')
        node[index] = nextIsIndex ? [] : {}
      node = node[index]
    } else if (isNode(node)) {
      const key = String(segment)
      if (last) node[key] = merge(node[key], value)
      else if (node[key] === null || node[key] === undefined || typeof node[key] !== 'object')
        node[key] = nextIsIndex ? [] : {}
      node = node[key]
    } else return
  }
}
