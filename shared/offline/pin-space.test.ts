import { describe, expect, it } from 'vitest'
import { pinSpace, TIGHT_AFTER_BYTES } from './pin-space'

const MiB = 1024 * 1024
const reserveBytes = 64 * MiB

describe('pinSpace', () => {
  it('says nothing when the free space is unknown', () => {
    expect(pinSpace({ entries: 10, bytes: 10 * MiB, freeBytes: null, reserveBytes })).toEqual({
      state: 'unknown',
    })
  })

  it('fits with room to spare, and is tight when little is left after the pin', () => {
    const freeBytes = 10 * TIGHT_AFTER_BYTES
    expect(pinSpace({ entries: 1000, bytes: 100 * MiB, freeBytes, reserveBytes })).toEqual({
      state: 'fits',
      leftBytes: freeBytes - 100 * MiB,
    })
    const tight = pinSpace({ entries: 1000, bytes: freeBytes - 100 * MiB, freeBytes, reserveBytes })
    expect(tight).toEqual({ state: 'tight', leftBytes: 100 * MiB })
  })

  it('is too big when the pin would eat into the reserve, and says how many entries fit', () => {
    // 200 000 entries of 10 KiB (about 1.9 GiB) on a disk with 1 GiB free.
    const big = pinSpace({
      entries: 200_000,
      bytes: 200_000 * 10 * 1024,
      freeBytes: 1024 * MiB,
      reserveBytes,
    })
    expect(big).toEqual({ state: 'too-big', fitEntries: Math.floor((960 * MiB) / (10 * 1024)) })
    // Exactly at the reserve still fits; one byte more does not.
    const edge = { entries: 1, bytes: 100 * MiB - reserveBytes, freeBytes: 100 * MiB, reserveBytes }
    expect(pinSpace(edge).state).toBe('tight')
    expect(pinSpace({ ...edge, bytes: edge.bytes + 1 }).state).toBe('too-big')
  })

  it('fits no entry when the disk is already below the reserve', () => {
    expect(pinSpace({ entries: 5, bytes: 5 * MiB, freeBytes: 10 * MiB, reserveBytes })).toEqual({
      state: 'too-big',
      fitEntries: 0,
    })
  })
})
