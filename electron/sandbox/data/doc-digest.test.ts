import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fullDoc } from '../search/entry-output'
import { DataStore } from '../state/data-store'

/**
 * The entry documents as the sandbox answers them, pinned by a digest at seed 1: start-up work
 * (interning, fields read through shared parts) must not change one byte of what is served.
 * Generated, recorded and ELN entries, with their key order. A deliberate change to the data
 * updates the digest in the same commit.
 */
const DIGEST = 'bb7a13a2a51b365cc31d3d12d28767e3bf3515d1ac264f122a2f01bea43cd3bc'

describe('entry documents', () => {
  it('are byte for byte those of the pinned digest at seed 1', () => {
    const store = new DataStore({
      entries: 2000,
      seed: 1,
      largeFileBytes: 50_000_000,
      nameOf: (userId) => `name-${userId}`,
      fixtures: { recordedArchives: true, elnEntries: 3 },
    })
    const hash = createHash('sha256')
    for (const doc of store.docs) hash.update(`${JSON.stringify(fullDoc(doc))}\n`)
    expect(store.docs).toHaveLength(2024)
    expect(hash.digest('hex')).toBe(DIGEST)
  })
})
