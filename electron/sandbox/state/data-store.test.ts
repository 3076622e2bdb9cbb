import { describe, expect, it } from 'vitest'
import { entryIdFor } from '../data/ids'
import { PROGRAMS } from '../data/programs'
import { DataStore } from './data-store'

const store = () =>
  new DataStore({
    entries: 1500,
    seed: 3,
    largeFileBytes: 1 << 20,
    nameOf: (userId) => userId,
    fixtures: { recordedArchives: true },
  })

/** The ids as entryIdFor derives them from the skeleton; recorded entries keep theirs. */
function expectedIds(data: DataStore): string[] {
  return data.metas.map((meta) => {
    if (meta.recorded !== undefined) return meta.recorded.entry_id
    const upload = data.uploads[meta.uploadIndex]
    return entryIdFor(
      upload?.upload_id ?? '',
      `${meta.dir}/${PROGRAMS[meta.programIndex]?.mainfile}`,
    )
  })
}

const allDerived = (data: DataStore) =>
  (data as unknown as { ids: (string | undefined)[] }).ids.every((id) => id !== undefined)

describe('DataStore entry ids', () => {
  it('derives every id on first use, generated and recorded, as the documents report it', () => {
    const data = store()
    expect(data.metas.some((meta) => meta.recorded !== undefined)).toBe(true)
    const expected = expectedIds(data)
    expect(data.docs.map((doc) => doc.entry_id)).toEqual(expected)
    expect(data.docs.map((doc) => doc.calc_id)).toEqual(expected)
    expect(data.entryIdsOf(0, data.size)).toEqual(expected)
  })

  it('derives the rest in the background after the start, and stops when told', async () => {
    const data = store()
    const early = data.entryIdsOf(0, 40)
    expect(allDerived(data)).toBe(false)
    data.deriveIdsInBackground()
    await new Promise((done) => setTimeout(done, 200))
    expect(allDerived(data)).toBe(true)
    expect(data.entryIdsOf(0, data.size)).toEqual(expectedIds(data))
    expect(data.entryIdsOf(0, 40)).toEqual(early)

    const stopped = store()
    stopped.deriveIdsInBackground()()
    await new Promise((done) => setTimeout(done, 50))
    expect(allDerived(stopped)).toBe(false)
  })

  it('finds entries by id and builds each mainfile from the skeleton', () => {
    const data = store()
    const last = data.size - 1
    expect(data.entryIndexOf(data.entryId(last))).toBe(last)
    expect(data.entryIndexOf(data.entryId(7))).toBe(7)
    expect(data.entryIndexOf('no-such-entry')).toBeUndefined()
    const meta = data.metas[7]
    expect(data.docs[7]?.mainfile).toBe(
      `${meta?.dir}/${PROGRAMS[meta?.programIndex ?? 0]?.mainfile}`,
    )
  })
})
