/** Shared pieces of the aggregations: bucket keys, per-document value units, metrics, buckets. */
import { compilePath } from './doc-path'
import { searchError } from './errors'
import type { SearchQuantity } from './quantities'
import type { Doc } from './types'
import { parseInstant } from './values'

export type BucketKey = string | number | boolean

/** A bucket as the server renders it: entries?, count, nested_count?, metrics?, value. */
export interface Bucket {
  entries?: unknown[]
  count: number
  nested_count?: number
  metrics?: Record<string, number>
  value: BucketKey
}

/** The value Elasticsearch reports for a document value (datetimes as epoch millis). */
export function bucketKeyOf(quantity: SearchQuantity, raw: unknown): BucketKey | undefined {
  switch (quantity.type) {
    case 'datetime':
      return parseInstant(raw) ?? undefined
    case 'int':
    case 'float':
      return typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined
    case 'bool':
      return typeof raw === 'boolean' ? raw : undefined
    case 'str':
    case 'enum':
    case 'text':
      return typeof raw === 'string' ? raw : undefined
  }
}

/**
 * Reads a quantity per "unit": each nested object for nested quantities (what ES counts as
 * nested_count), otherwise the document itself. The visitor gets the unit's keys.
 */
export function unitReader(
  quantity: SearchQuantity,
): (doc: Doc, visit: (keys: BucketKey[], unit: unknown) => void) => void {
  const path = quantity.docPath ?? quantity.name
  const prefix = quantity.nestedPrefix
  const inner = compilePath(prefix ? path.slice(prefix.length + 1) : path)
  const keysOf = (unit: unknown): BucketKey[] => {
    const keys: BucketKey[] = []
    inner.each(unit, (raw) => {
      const key = bucketKeyOf(quantity, raw)
      if (key !== undefined) keys.push(key)
    })
    return keys
  }
  if (!prefix) return (doc, visit) => visit(keysOf(doc), doc)
  const outer = compilePath(prefix)
  return (doc, visit) =>
    outer.each(doc, (unit) => {
      if (typeof unit === 'object') visit(keysOf(unit), unit)
    })
}

/** The numeric value a histogram or min_max works on (datetimes as epoch millis). */
export function numericKey(key: BucketKey): number {
  return typeof key === 'number' ? key : Number(key)
}

/** Orders bucket values like Elasticsearch's _key: numbers numerically, text by code unit. */
export function compareBucketKeys(a: BucketKey, b: BucketKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const x = String(a)
  const y = String(b)
  return x < y ? -1 : x > y ? 1 : 0
}

interface MetricDef {
  kind: 'cardinality' | 'sum'
  path: string
}

/** The entry-index metrics of the real server (doc_type.metrics). */
export const METRICS: Readonly<Record<string, MetricDef>> = {
  n_entries: { kind: 'cardinality', path: 'entry_id' },
  n_uploads: { kind: 'cardinality', path: 'upload_id' },
  n_materials: { kind: 'cardinality', path: 'results.material.material_id' },
  n_datasets: { kind: 'cardinality', path: 'datasets.dataset_id' },
  n_calculations: { kind: 'sum', path: 'results.properties.n_calculations' },
}

export function validateMetrics(names: readonly string[]): void {
  for (const name of names)
    if (!(name in METRICS))
      throw searchError('metric must be the qualified name of a suitable search quantity', [
        'statistic',
        'metrics',
      ])
}

/** Metric values over a set of documents. */
export function computeMetrics(
  docs: readonly Doc[],
  names: readonly string[],
): Record<string, number> {
  const out: Record<string, number> = {}
  for (const name of names) {
    const def = METRICS[name]
    if (!def) continue
    const walker = compilePath(def.path)
    if (def.kind === 'sum') {
      let sum = 0
      for (const doc of docs)
        walker.each(doc, (v) => {
          if (typeof v === 'number') sum += v
        })
      out[name] = sum
    } else {
      const seen = new Set<unknown>()
      for (const doc of docs) walker.each(doc, (v) => seen.add(v))
      out[name] = seen.size
    }
  }
  return out
}
