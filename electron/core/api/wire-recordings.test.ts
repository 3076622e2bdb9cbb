import { describe, expect, test } from 'vitest'
import { AppError } from '../../../shared/errors'
import { decodeWire, formatWirePath } from '../../../shared/api'
import { corrupt, describeChange, findPaths, type ConcretePath } from './test-support/corrupt'
import { CORRUPTIONS, type Corruption } from './test-support/corruptions'
import { findRow, ROUTES, rowKey, type CoveredRow } from './test-support/recorded-routes'
import { loadRecordings, type RecordedPair } from './test-support/recordings'

// The decoders in shared/api against what the real server really sent: every recorded answer of
// a covered endpoint must decode, every recorded endpoint must be accounted for in the route
// table, and corrupted copies of recorded answers must fail with the exact path of the damage.

const loaded = loadRecordings()
const pairs: RecordedPair[] = loaded.ok ? loaded.pairs : []

const endpointOf = (pair: RecordedPair) => `${pair.method} ${pair.path}`
const classified = pairs.map((pair) => ({
  pair,
  row: findRow(pair.method, pair.path, pair.status),
}))
const pairsOf = (key: string) =>
  classified.filter(({ row }) => row && rowKey(row) === key).map(({ pair }) => pair)

const coveredRows = ROUTES.filter((row): row is CoveredRow => row.kind === 'covered').map(
  (row) => ({ key: rowKey(row), row, count: pairsOf(rowKey(row)).length }),
)
const skippedRows = ROUTES.filter((row) => row.kind === 'skipped').map((row) => ({
  key: rowKey(row),
  reason: row.kind === 'skipped' ? row.reason : '',
  count: pairsOf(rowKey(row)).length,
}))

test('the recordings snapshot is there and readable', () => {
  if (!loaded.ok) {
    throw new Error(
      `${loaded.problem} The wire decoders are checked against it: rebuild it with ` +
        '`npx tsx electron/sandbox/recordings/make-snapshot.ts`.',
    )
  }
  // 118 recorded files with about 1 500 answers; far fewer means a broken snapshot.
  expect(pairs.length).toBeGreaterThan(1000)
})

describe('recorded endpoints', () => {
  test('every recorded endpoint is in the route table', () => {
    const unknown = classified
      .filter(({ row }) => row === undefined)
      .map(({ pair }) => `${endpointOf(pair)} ${pair.status}`)
    expect([...new Set(unknown)]).toEqual([])
  })

  test('the uncovered endpoints are exactly the commented rows of the table', () => {
    const seen = new Set(
      classified
        .filter(({ row }) => row?.kind === 'uncovered')
        .map(({ row }) => row && rowKey(row)),
    )
    const listed = ROUTES.filter((row) => row.kind === 'uncovered').map(rowKey)
    expect([...seen].sort()).toEqual([...listed].sort())
  })

  test('every covered or skipped row matches at least one recording', () => {
    const unused = [...coveredRows, ...skippedRows].filter(({ count }) => count === 0)
    expect(unused.map(({ key }) => key)).toEqual([])
  })
})

describe('recorded answers decode', () => {
  test.each(coveredRows)(
    '$key: all $count recorded answers decode with $row.schemaName',
    ({ row, key }) => {
      const failures: string[] = []
      for (const pair of pairsOf(key)) {
        try {
          decodeWire(row.schema, pair.body, endpointOf(pair))
        } catch (error) {
          failures.push(`${pair.source}: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
      expect(failures).toEqual([])
    },
  )

  // Rows of kind 'skipped' (raw file contents) are file bytes, read by the client's stream(), not
  // API models; the coverage test above still requires each of them to match recordings.
})

const SAMPLES_PER_TEMPLATE = 3

/** All recorded answers a schema covers, in the stable order of the recordings. */
function answersFor(schemaName: string) {
  return coveredRows
    .filter(({ row }) => row.schemaName === schemaName)
    .flatMap(({ row, key }) => pairsOf(key).map((pair) => ({ row, pair })))
    .sort((a, b) => (a.pair.source < b.pair.source ? -1 : 1))
}

/**
 * Deterministic sample: the first, middle and last answer in which the template finds a field;
 * within an answer, the last match (the deepest list position).
 */
function sampleCases(schemaName: string, corruption: Corruption) {
  const usable = answersFor(schemaName).flatMap(({ row, pair }) => {
    const target = findPaths(pair.body, corruption.at).at(-1)
    return target ? [{ row, pair, target }] : []
  })
  const picks = [0, Math.floor(usable.length / 2), usable.length - 1]
  return [...new Set(picks.slice(0, SAMPLES_PER_TEMPLATE))].flatMap((index) =>
    usable[index] ? [usable[index]] : [],
  )
}

const corruptionCases = Object.entries(CORRUPTIONS).flatMap(([schemaName, corruptions]) =>
  corruptions.flatMap((corruption) =>
    sampleCases(schemaName, corruption).map(({ row, pair, target }) => ({
      schemaName,
      row,
      pair,
      target,
      corruption,
      field: formatWirePath(target),
      change: describeChange(corruption.change),
      source: pair.source,
    })),
  ),
)

describe('corrupted copies of recorded answers are rejected with the exact path', () => {
  test('every corruption template finds a field in some recorded answer', () => {
    const unmatched = Object.entries(CORRUPTIONS).flatMap(([schemaName, corruptions]) =>
      corruptions
        .filter((corruption) => sampleCases(schemaName, corruption).length === 0)
        .map((corruption) => `${schemaName}: ${corruption.at.join('.')}`),
    )
    expect(unmatched).toEqual([])
  })

  test('every covered schema has corruption templates', () => {
    const names = new Set(coveredRows.map(({ row }) => row.schemaName))
    expect([...names].filter((name) => !(name in CORRUPTIONS))).toEqual([])
  })

  test.each(corruptionCases)(
    '$schemaName: $field $change ($source)',
    ({ row, pair, target, corruption }) => {
      const broken = corrupt(pair.body, target, corruption.change)
      let thrown: unknown
      try {
        decodeWire(row.schema, broken, endpointOf(pair))
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(AppError)
      const error = thrown as AppError
      expect(error.code).toBe('invalid_response')
      expect(error.message).toContain(`Unexpected answer from ${endpointOf(pair)}: `)
      expect(error.message).toContain(`${formatWirePath(target)} ${corruption.says}`)
      expect(error.details?.path).toEqual(target satisfies ConcretePath)
    },
  )
})
