/**
 * Structural comparison of two JSON bodies: key names and value types at every level, values
 * ignored. Objects are closed (same keys) unless under an `open` path, where only the keys both
 * sides have are compared (entry documents and archives hold different data). A list's items
 * are checked against all recorded items: every key all recorded items have must be present,
 * and no key may appear that no recorded item has. Keys the real server omits when null may be
 * missing on either side.
 */
export interface ShapeRules {
  open: RegExp[]
  optional: ReadonlySet<string>
  /** Keys that must exist in open objects when the recorded object has them. */
  core: ReadonlySet<string>
  /** Paths where a recorded section may be a list of such sections here (schema versions differ). */
  sectionOrList?: RegExp[]
}

function kind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return kind(value) === 'object'
}

export function diffShape(
  recorded: unknown,
  ours: unknown,
  rules: ShapeRules,
  path = '$',
): string[] {
  const a = kind(recorded)
  const b = kind(ours)
  if (a === 'object' && b === 'array' && rules.sectionOrList?.some((re) => re.test(path))) {
    return diffShape([recorded], ours, rules, path)
  }
  if (a !== b) return [`${path}: ${a} recorded, ${b} here`]
  if (Array.isArray(recorded) && Array.isArray(ours)) {
    if (recorded.length === 0 || ours.length === 0) return []
    const itemPath = `${path}[]`
    const objects = recorded.filter(isObject)
    if (objects.length === recorded.length && ours.every(isObject)) {
      const union = new Set(objects.flatMap((o) => Object.keys(o)))
      const common = [...union].filter((key) => objects.every((o) => key in o))
      const out: string[] = []
      for (const item of ours) {
        out.push(...diffKeys(union, common, item, rules, itemPath))
        for (const key of Object.keys(item)) {
          // Items differ (e.g. criteria with string and boolean values): any matching one will do.
          let best: string[] | undefined
          for (const sample of objects) {
            if (!(key in sample)) continue
            const diff = diffShape(sample[key], item[key], rules, `${itemPath}.${key}`)
            if (diff.length === 0 || best === undefined) best = diff
            if (diff.length === 0) break
          }
          out.push(...(best ?? []))
        }
        if (out.length > 0) return out
      }
      return out
    }
    return diffShape(recorded[0], ours[0], rules, itemPath)
  }
  if (isObject(recorded) && isObject(ours)) {
    const keys = Object.keys(recorded)
    const out = diffKeys(new Set(keys), keys, ours, rules, path)
    for (const key of keys) {
      if (key in ours) out.push(...diffShape(recorded[key], ours[key], rules, `${path}.${key}`))
    }
    return out
  }
  return []
}

function diffKeys(
  allowed: ReadonlySet<string>,
  required: readonly string[],
  ours: Record<string, unknown>,
  rules: ShapeRules,
  path: string,
): string[] {
  const open = rules.open.some((re) => re.test(path))
  const out: string[] = []
  for (const key of required) {
    if (key in ours || rules.optional.has(key)) continue
    if (open && !rules.core.has(key)) continue
    out.push(`${path}.${key}: missing here`)
  }
  if (!open) {
    for (const key of Object.keys(ours)) {
      if (!allowed.has(key) && !rules.optional.has(key))
        out.push(`${path}.${key}: not in the recording`)
    }
  }
  return out
}

/**
 * Does `ours` carry everything `recorded` has? Every key path of the recorded body must exist
 * here with the same value type (lists item by item), whatever else `ours` has: the check for
 * answers that must contain the recorded data (the recorded archives served as they are).
 */
export function missingShape(recorded: unknown, ours: unknown, path = '$'): string[] {
  const a = kind(recorded)
  const b = kind(ours)
  if (a !== b) return [`${path}: ${a} recorded, ${b} here`]
  if (Array.isArray(recorded) && Array.isArray(ours)) {
    if (ours.length < recorded.length)
      return [`${path}: ${recorded.length} items recorded, ${ours.length} here`]
    return recorded.flatMap((item, i) => missingShape(item, ours[i], `${path}[${i}]`))
  }
  if (isObject(recorded) && isObject(ours)) {
    return Object.keys(recorded).flatMap((key) =>
      key in ours
        ? missingShape(recorded[key], ours[key], `${path}.${key}`)
        : [`${path}.${key}: missing here`],
    )
  }
  return []
}

/**
 * Every key path with its value type, list positions folded into `[]`: `$.run[].system[].atoms
 * .labels[]:string`. Two bodies with different data compare by these sets.
 */
export function keyPaths(value: unknown, path = '$', out = new Set<string>()): Set<string> {
  out.add(`${path}:${kind(value)}`)
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${path}[]`, out)
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) keyPaths(child, `${path}.${key}`, out)
  }
  return out
}
