import type { JsonValue } from '../../../shared/api'
import type { NomadClient } from '../api/nomad-client'

/**
 * A pin keeps slices of lists (`calculation[-1]`: the last calculation), which the server sends
 * as a list of one. To keep the server's indices (references say `#/run/0/system/27`), the pin
 * also asks for the lengths of those lists — an empty spec (`{"calculation": {}}`) is answered
 * with one empty object per item — and stores each sliced list at its real length with `null`
 * for the items it does not keep (electron/core/archive/pinned-archive.ts reads them so).
 */

type Json = Record<string, unknown>
const SLICE = /^(.+)\[(-?\d+)(?::(-?\d*))?\]$/

/** The spec that asks for the lengths of the lists `required` slices; null when it slices none. */
export function lengthsSpec(required: Json): Json | null {
  const out: Json = {}
  for (const [key, value] of Object.entries(required)) {
    const slice = SLICE.exec(key)
    if (slice?.[1] !== undefined) out[slice[1]] = {}
    else if (typeof value === 'object' && value !== null) {
      const inner = lengthsSpec(value as Json)
      if (inner !== null) out[key] = inner
    }
  }
  return Object.keys(out).length === 0 ? null : out
}

/** `archive` with each list `required` slices laid out at its length in `lengths`. */
export function placeAtLengths(archive: Json, lengths: Json, required: Json): Json {
  const out: Json = { ...archive }
  for (const [key, spec] of Object.entries(required)) {
    const slice = SLICE.exec(key)
    const name = slice?.[1] ?? key
    const kept = archive[name]
    const sizes = lengths[name]
    if (slice !== null && Array.isArray(kept) && Array.isArray(sizes)) {
      out[name] = placeSlice(kept, sizes.length, Number(slice[2]), slice[3])
    } else if (typeof spec === 'object' && spec !== null && kept !== undefined) {
      out[name] = eachPair(kept, sizes, (a, l) => placeAtLengths(a, l, spec as Json))
    }
  }
  return out
}

/** Where the items of `name[start:end]` sit in a list of `length` items (Python's rules). */
function placeSlice(kept: unknown[], length: number, start: number, end: string | undefined) {
  const from = Math.max(0, Math.min(length, start < 0 ? length + start : start))
  if (kept.length === 0 || length < kept.length) return kept
  // `name[i]` is one item; `name[i:j]` the items from i (j only cuts where they end).
  const at = end === undefined && start >= length ? length - 1 : from
  const placed: unknown[] = new Array<unknown>(length).fill(null)
  kept.forEach((item, i) => {
    if (at + i < length) placed[at + i] = item
  })
  return placed
}

/** Applies `f` to an object and its lengths, or to each item of a list and its lengths. */
function eachPair(kept: unknown, sizes: unknown, f: (a: Json, l: Json) => Json): unknown {
  const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null
  if (Array.isArray(kept))
    return (kept as unknown[]).map((item, i) => {
      const size: unknown = Array.isArray(sizes) ? sizes[i] : undefined
      return isObject(item) && isObject(size) ? f(item, size) : item
    })
  return isObject(kept) && isObject(sizes) ? f(kept, sizes) : kept
}

/** Asks for the lengths of the sliced lists of `ids` and lays their archives out at them. */
export async function withListLengths(
  client: NomadClient,
  required: Json,
  archives: Map<string, Json>,
  options: { lane: 'background'; signal?: AbortSignal },
): Promise<Map<string, Json>> {
  const spec = lengthsSpec(required)
  if (spec === null || archives.size === 0) return archives
  const ids = [...archives.keys()]
  const answer = await client.archive.query(
    {
      owner: 'visible',
      query: { 'entry_id:any': ids },
      pagination: { page_size: ids.length },
      required: spec as JsonValue,
    },
    options,
  )
  const placed = new Map(archives)
  for (const item of answer.data) {
    const archive = archives.get(item.entry_id)
    if (archive !== undefined)
      placed.set(item.entry_id, placeAtLengths(archive, item.archive, required))
  }
  return placed
}
