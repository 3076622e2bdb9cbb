import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { AppError } from '../../../shared/errors'
import { decodeWire, formatWirePath } from '../../../shared/api'
import {
  corrupt,
  describeChange,
  findPaths,
  type Change,
  type ConcretePath,
  type Template,
} from './test-support/corrupt'
import { findRow, ROUTES, rowKey, type CoveredRow } from './test-support/recorded-routes'
import { loadRecordings, type RecordedPair } from './test-support/recordings'

// The decoders in shared/api against what the real server really sent: every recorded answer of
// a covered endpoint must decode, every recorded endpoint must be accounted for in the route
// table, and corrupted copies of recorded answers must fail with the exact path of the damage.

const RECORDINGS_DIR = path.resolve(
  import.meta.dirname,
  '../../../../shared/reference/nomad-recordings',
)
const loaded = loadRecordings(RECORDINGS_DIR)
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

test('the recordings folder is there and readable', () => {
  if (!loaded.ok) {
    throw new Error(
      `${loaded.problem} The wire decoders are checked against it: restore ` +
        '../shared/reference/nomad-recordings next to the repository.',
    )
  }
  expect(pairs.length).toBeGreaterThan(0)
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

  test.skip.each(skippedRows)('$key ($count recordings) is not decoded: $reason', () => {})
})

interface Corruption {
  at: Template
  change: Change
  /** What the message must say after the path. */
  says: string
}

const NUMBER_NOT_STRING = 'should be a string but is a number'
const MISSING = 'is missing'

// Per schema, fields to damage: typed fields deep in the body and required keys. Each template
// must find a field in at least one recorded answer (checked below), so none rots silently.
const CORRUPTIONS: Record<string, Corruption[]> = {
  entriesQueryResponse: [
    { at: ['data', '*', 'entry_id'], change: { set: 12345 }, says: NUMBER_NOT_STRING },
    { at: ['data', '*', 'entry_id'], change: 'remove', says: MISSING },
    {
      at: ['data', '*', 'results', 'material', 'elements', '*'],
      change: { set: 8 },
      says: NUMBER_NOT_STRING,
    },
    {
      at: ['data', '*', 'authors', '*', 'name'],
      change: { set: null },
      says: 'should be a string but is null',
    },
    {
      at: ['data', '*', 'upload_create_time'],
      change: { set: 'last week' },
      says: 'should be an ISO 8601 date-time but is "last week"',
    },
    {
      at: ['pagination', 'total'],
      change: { set: '17957' },
      says: 'should be a number but is a string',
    },
    {
      at: ['aggregations', '*', 'terms', 'data', '*', 'count'],
      change: { set: '3' },
      says: 'should be a number but is a string',
    },
    {
      at: ['aggregations', '*', 'min_max', 'data'],
      change: { set: {} },
      says: 'should be a list but is an object',
    },
    {
      at: ['owner'],
      change: { set: 'everybody' },
      says: 'should be one of "public", "visible", "all", "shared", "user", "staging", "admin" but is "everybody"',
    },
  ],
  entryResponse: [
    { at: ['data', 'entry_id'], change: 'remove', says: MISSING },
    {
      at: ['data', 'results', 'material', 'symmetry', 'space_group_number'],
      change: { set: 225.5 },
      says: 'should be a whole number but is 225.5',
    },
    {
      at: ['data', 'main_author'],
      change: { set: 'someone' },
      says: 'should be an object but is a string',
    },
    {
      at: ['data', 'published'],
      change: { set: 'yes' },
      says: 'should be a boolean but is a string',
    },
  ],
  archiveResponse: [
    { at: ['data', 'archive'], change: { set: [] }, says: 'should be an object but is a list' },
    { at: ['data', 'upload_id'], change: 'remove', says: MISSING },
    { at: ['entry_id'], change: { set: 1 }, says: NUMBER_NOT_STRING },
  ],
  archiveQueryResponse: [
    {
      at: ['data', '*', 'archive'],
      change: { set: 'gone' },
      says: 'should be an object but is a string',
    },
    { at: ['data', '*', 'parser_name'], change: { set: 3 }, says: NUMBER_NOT_STRING },
    { at: ['pagination', 'total'], change: 'remove', says: MISSING },
  ],
  uploadsResponse: [
    { at: ['data', '*', 'upload_id'], change: { set: 1 }, says: NUMBER_NOT_STRING },
    { at: ['data', '*', 'viewers', '*'], change: { set: 5 }, says: NUMBER_NOT_STRING },
    { at: ['pagination', 'page'], change: 'remove', says: MISSING },
    { at: ['query'], change: { set: 'x' }, says: 'should be an object but is a string' },
  ],
  uploadResponse: [
    { at: ['data', 'upload_id'], change: 'remove', says: MISSING },
    {
      at: ['data', 'process_running'],
      change: { set: 'no' },
      says: 'should be a boolean but is a string',
    },
    {
      at: ['data', 'upload_create_time'],
      change: { set: 'yesterday' },
      says: 'should be an ISO 8601 date-time but is "yesterday"',
    },
    { at: ['data', 'entries'], change: { set: 1.5 }, says: 'should be a whole number but is 1.5' },
  ],
  uploadEntriesResponse: [
    { at: ['data', '*', 'entry_id'], change: { set: 9 }, says: NUMBER_NOT_STRING },
    {
      at: ['data', '*', 'entry_metadata', 'results', 'material', 'n_elements'],
      change: { set: 'two' },
      says: 'should be a number but is a string',
    },
    { at: ['upload', 'upload_id'], change: 'remove', says: MISSING },
    { at: ['processing_failed'], change: { set: '0' }, says: 'should be a number but is a string' },
  ],
  uploadRawdirResponse: [
    {
      at: ['directory_metadata', 'content', '*', 'size'],
      change: { set: '8' },
      says: 'should be a number but is a string',
    },
    { at: ['directory_metadata', 'content', '*', 'is_file'], change: 'remove', says: MISSING },
    {
      at: ['file_metadata', 'size'],
      change: { set: 'big' },
      says: 'should be a number but is a string',
    },
    { at: ['path'], change: { set: 1 }, says: NUMBER_NOT_STRING },
  ],
  usersResponse: [
    { at: ['data', '*', 'user_id'], change: 'remove', says: MISSING },
    { at: ['data', '*', 'name'], change: { set: 1 }, says: NUMBER_NOT_STRING },
  ],
  groupsResponse: [
    { at: ['data', '*', 'members', '*'], change: { set: 42 }, says: NUMBER_NOT_STRING },
    { at: ['data', '*', 'group_name'], change: 'remove', says: MISSING },
    { at: ['data', '*', 'owner'], change: { set: null }, says: 'should be a string but is null' },
  ],
  datasetsResponse: [
    {
      at: ['pagination', 'total'],
      change: { set: '0' },
      says: 'should be a number but is a string',
    },
    { at: ['data'], change: { set: {} }, says: 'should be a list but is an object' },
  ],
  suggestionsResponse: [
    { at: ['*', '*', 'value'], change: { set: 5 }, says: NUMBER_NOT_STRING },
    { at: ['*'], change: { set: 'x' }, says: 'should be a list but is a string' },
  ],
  errorBody: [
    {
      at: ['detail'],
      change: { set: 42 },
      says: 'should be a string, a list or an object but is a number',
    },
    { at: ['detail'], change: 'remove', says: MISSING },
    { at: ['detail', '*', 'msg'], change: { set: 7 }, says: NUMBER_NOT_STRING },
    {
      at: ['detail', '*', 'loc'],
      change: { set: 'body' },
      says: 'should be a list but is a string',
    },
  ],
}

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
