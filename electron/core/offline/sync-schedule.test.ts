import { describe, expect, it } from 'vitest'
import type { PinRecord } from './library-records'
import { dueForSync } from './sync-schedule'
import { testPin } from './testing/pin-record'

const HOUR = 3_600_000
const pin = (pinId: string, change: Partial<PinRecord>): PinRecord =>
  testPin({
    pinId,
    state: 'complete',
    phase: 'done',
    entries: 1,
    bytes: 1,
    createdAt: 0,
    ...change,
  })

describe('the sync schedule', () => {
  const pins = [
    pin('old', { syncedAt: 0 }),
    pin('fresh', { syncedAt: 23 * HOUR }),
    pin('running', { state: 'pinning', syncedAt: 0 }),
    pin('paused', { state: 'paused', syncedAt: 0 }),
    pin('syncing', { syncedAt: 0, sync: { kind: 'add', entryIds: [], done: 0 } }),
  ]
  it('syncs complete pins last synced longer ago than the interval', () => {
    expect(dueForSync(pins, 24, 24 * HOUR)).toEqual(['old'])
    expect(dueForSync(pins, 1, 24 * HOUR)).toEqual(['old', 'fresh'])
  })
  it('does nothing when the interval is 0', () => {
    expect(dueForSync(pins, 0, 1000 * HOUR)).toEqual([])
  })
})
