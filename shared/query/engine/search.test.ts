import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../quantities'
import { QueryEngine, type PageRequest } from './search'
import { ALL_DOCUMENTS } from './source'
import { sampleSource } from './testing/sample-source'

const source = sampleSource(200, 5)
const engine = new QueryEngine(source, DEFAULT_CATALOGUE, { matchCacheSize: 0 })
const ORDER_BY = 'results.properties.geometry_optimization.final_energy_difference'

function walk(order: 'asc' | 'desc', pageSize: number): number[] {
  const hits: number[] = []
  let after: string | undefined
  for (;;) {
    const pagination: PageRequest = { page_size: pageSize, order_by: ORDER_BY, order }
    if (after !== undefined) pagination.page_after_value = after
    const out = engine.search({}, ALL_DOCUMENTS, pagination)
    hits.push(...out.hits)
    if (!out.nextPageAfterValue) return hits
    after = out.nextPageAfterValue
  }
}

function valueOf(index: number): number | undefined {
  const results = source.docs[index]!.results as {
    properties: { geometry_optimization?: { final_energy_difference: number } }
  }
  return results.properties.geometry_optimization?.final_energy_difference
}

describe('QueryEngine ordering and after-values', () => {
  it('walks every entry once in value order, entries without a value last, in both directions', () => {
    for (const order of ['asc', 'desc'] as const) {
      for (const pageSize of [1, 7, 50]) {
        const hits = walk(order, pageSize)
        expect(new Set(hits).size).toBe(200)
        const withValue = hits.filter((i) => valueOf(i) !== undefined)
        const firstMissing = hits.findIndex((i) => valueOf(i) === undefined)
        expect(firstMissing).toBe(withValue.length)
        const sign = order === 'asc' ? 1 : -1
        for (let k = 1; k < withValue.length; k++) {
          const a = valueOf(withValue[k - 1]!)!
          const b = valueOf(withValue[k]!)!
          const idA = source.id(withValue[k - 1]!)
          const idB = source.id(withValue[k]!)
          expect(sign * (b - a) > 0 || (a === b && sign * (idB < idA ? -1 : 1) > 0)).toBe(true)
        }
        const missing = hits.slice(firstMissing).map((i) => source.id(i))
        const sorted = [...missing].sort()
        expect(missing).toEqual(order === 'asc' ? sorted : sorted.reverse())
      }
    }
  })
})
