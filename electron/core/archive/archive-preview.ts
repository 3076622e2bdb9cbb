import type { JsonObject, JsonValue } from '../../../shared/api'
import type { ArchivePreview } from '../../../shared/ipc/channels/archive'

/**
 * Measures an archive answer for the required builder's size preview: its size as compact JSON,
 * how many sections and quantities it holds, and the size of each top-level part, so a
 * researcher sees which tick makes an answer big before fetching it for thousands of entries.
 */
export function measureArchive(archive: JsonObject): ArchivePreview {
  let sections = 0
  let quantities = 0
  // An explicit stack: a deep archive must not exhaust the call stack.
  const stack: JsonValue[] = [archive]
  while (stack.length > 0) {
    const value = stack.pop()
    if (typeof value !== 'object' || value === null) continue
    if (Array.isArray(value)) {
      if (value.some((item) => typeof item === 'object' && item !== null)) stack.push(...value)
      else quantities++
      continue
    }
    sections++
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) stack.push(child)
      else quantities++
    }
  }
  // The root is the archive itself, not a section the researcher asked for.
  sections--
  const parts = Object.entries(archive)
    .filter(([key, value]) => !(key === 'm_ref_archives' && isEmptyObject(value)))
    .map(([key, value]) => ({ key, bytes: utf8Bytes(value) }))
  return { bytes: utf8Bytes(archive), sections, quantities, parts }
}

/** The size of a value as the server sends it: compact JSON in UTF-8. */
const utf8Bytes = (value: JsonValue) => Buffer.byteLength(JSON.stringify(value), 'utf8')

function isEmptyObject(value: JsonValue): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  )
}
