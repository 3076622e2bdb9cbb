import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planUnits, type UnitFile, type UnitLimits } from './units'

const limits: UnitLimits = {
  largeFileBytes: 1000,
  zipMaxBytes: 5000,
  zipMaxFiles: 4,
  zipMaxEntries: 3,
}
const file = (i: number, size: number | null, entryId?: string, path = `d/f${i}`): UnitFile => ({
  i,
  uploadId: 'u',
  path,
  size,
  ...(entryId === undefined ? {} : { entryId }),
})

describe('planUnits', () => {
  it('gives large files and files of unknown size a resumable unit each', () => {
    const { units, unitOf } = planUnits(
      [file(0, 5000), file(1, null), file(2, 10), file(3, 10)],
      false,
      limits,
    )
    expect(units.filter((u) => u.kind === 'file')).toHaveLength(2)
    expect(units[unitOf.get(0) ?? -1]?.kind).toBe('file')
    expect(units[unitOf.get(2) ?? -1]).toMatchObject({
      kind: 'folder-zip',
      folder: 'd',
      names: ['f2', 'f3'],
    })
  })

  it('groups small files of entries into entry zips below the per-request entry limit', () => {
    const files = Array.from({ length: 20 }, (_, i) => file(i, 10, `e${Math.floor(i / 2)}`))
    const { units } = planUnits(files, true, { ...limits, zipMaxFiles: 100 })
    for (const unit of units) expect(unit.entryIds?.length ?? 0).toBeLessThanOrEqual(3)
    expect(units.flatMap((u) => u.entryIds ?? []).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `e${i}`).sort(),
    )
  })

  it('a lone small file is fetched on its own instead of as a zip of one', () => {
    const { units } = planUnits(
      [file(0, 10, undefined, 'a/x'), file(1, 10, undefined, 'b/y')],
      false,
      limits,
    )
    expect(units.map((u) => u.kind)).toEqual(['file', 'file'])
  })

  it('assigns every file to exactly one unit within every limit, for any job', () => {
    const arbitraryFile = fc.record({
      size: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
      entry: fc.integer({ min: 0, max: 30 }),
      folder: fc.integer({ min: 0, max: 3 }),
    })
    fc.assert(
      fc.property(fc.array(arbitraryFile, { maxLength: 200 }), fc.boolean(), (specs, byEntry) => {
        const files = specs.map((s, i) => file(i, s.size, `e${s.entry}`, `d${s.folder}/f${i}`))
        const { units, unitOf } = planUnits(files, byEntry, limits)
        expect(unitOf.size).toBe(files.length)
        for (const unit of units) {
          const members = files.filter((f) => unitOf.get(f.i) === unit.n)
          expect(members.length).toBeGreaterThan(0)
          if (unit.kind === 'file') continue
          expect(members.length).toBeLessThanOrEqual(limits.zipMaxFiles)
          expect(members.reduce((sum, f) => sum + (f.size ?? 0), 0)).toBeLessThanOrEqual(
            limits.zipMaxBytes,
          )
          expect(new Set(members.map((f) => f.entryId)).size).toBeLessThanOrEqual(
            limits.zipMaxEntries,
          )
        }
      }),
    )
  })
})
