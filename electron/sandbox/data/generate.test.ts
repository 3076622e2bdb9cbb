import { describe, expect, it } from 'vitest'
import { GROUP_ALL, GROUP_IDS } from './groups'
import { generateData } from './generate'
import { MATERIALS } from './materials'
import { CAST } from './users'
import { DataStore } from '../state/data-store'

/** A value by dotted path in an entry document (results are untyped records). */
function at(doc: object, path: string): unknown {
  let value: unknown = doc
  for (const key of path.split('.')) {
    if (Array.isArray(value)) value = value[Number(key)]
    else
      value =
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  }
  return value
}

const store = (entries: number, seed = 1) =>
  new DataStore({ entries, seed, largeFileBytes: 1 << 20, nameOf: (id) => id })

describe('generated data', () => {
  it('is a pure function of the seed', () => {
    const a = store(500)
    const b = store(500)
    const c = store(500, 2)
    expect(a.docs.map((d) => d.entry_id)).toEqual(b.docs.map((d) => d.entry_id))
    expect(JSON.stringify(a.docs[42])).toBe(JSON.stringify(b.docs[42]))
    expect(c.docs[0]!.entry_id).not.toBe(a.docs[0]!.entry_id)
  })

  it('gives the same materials, codes, names and dates for the same seed, others for another', () => {
    const summary = (seed: number) => {
      const data = store(1000, seed)
      return {
        uploads: data.uploads.map((u) => [u.upload_name, u.createMs, u.publishMs, u.main_author]),
        entries: data.docs.map((d) => [
          at(d, 'results.material.chemical_formula_hill'),
          at(d, 'results.method.simulation.program_name'),
          at(d, 'results.method.simulation.program_version'),
          d.entry_create_time,
        ]),
        datasets: data.datasets.map((d) => [d.dataset_name, d.doi]),
      }
    }
    const ids = store(2000).docs.map((d) => d.entry_id)
    expect(new Set(ids).size).toBe(ids.length)
    const first = summary(7)
    expect(summary(7)).toEqual(first)
    const other = summary(8)
    expect(other.uploads).not.toEqual(first.uploads)
    expect(other.entries.map((e) => e[0])).not.toEqual(first.entries.map((e) => e[0]))
  })

  it('correlates structure and properties as real data does', () => {
    const data = store(2000)
    const programs = new Set(data.docs.map((d) => at(d, 'results.method.simulation.program_name')))
    expect(programs.size).toBeGreaterThanOrEqual(6)
    const methods = new Set(data.docs.map((d) => at(d, 'results.method.method_name')))
    expect(methods).toEqual(new Set(['DFT', 'GW']))
    const years = new Set(data.docs.map((d) => String(d.upload_create_time).slice(0, 4)))
    expect(years.size).toBeGreaterThanOrEqual(5)
    expect(new Set(data.uploads.map((u) => u.upload_name)).size).toBeGreaterThan(
      data.uploads.length * 0.6,
    )
    for (const doc of data.docs) {
      const meta = data.metas[data.entryIndexOf(doc.entry_id)!]!
      const material = MATERIALS[meta.materialIndex]!
      const gap = at(doc, 'results.properties.electronic.band_gap.0.value') as number | undefined
      // Metals have no gap in any entry; insulators never come out as metals.
      if (material.gap === 0) expect(gap ?? 0).toBe(0)
      else if (gap !== undefined) expect(gap).toBeGreaterThan(0)
      // GW is done on semiconductors and insulators, starting from a DFT functional.
      if (at(doc, 'results.method.method_name') === 'GW') {
        expect(gap).toBeGreaterThan(0)
        expect(at(doc, 'results.method.simulation.gw.type')).toBe('G0W0')
      }
      // Entries are created after their upload, and published uploads after creation.
      expect(Date.parse(doc.entry_create_time)).toBeGreaterThanOrEqual(
        Date.parse(String(doc.upload_create_time)),
      )
      // Crystal system and space group come together, from the material's prototype.
      const symmetry = at(doc, 'results.material.symmetry')
      if (material.structuralType === 'molecule / cluster') expect(symmetry).toBeUndefined()
      else if (symmetry) expect(at(symmetry, 'space_group_number')).toBe(material.spaceGroup?.[0])
    }
  })

  it('makes about one upload per 33 entries with every sharing case present', () => {
    const data = generateData({ entries: 2000, seed: 1 })
    expect(data.uploads.length).toBeGreaterThanOrEqual(55)
    expect(data.uploads.length).toBeLessThanOrEqual(65)
    expect(data.metas).toHaveLength(2000)
    const states = new Set(
      data.uploads.map((u) =>
        u.published ? (u.with_embargo ? 'embargoed' : 'public') : 'staging',
      ),
    )
    expect(states).toEqual(new Set(['public', 'embargoed', 'staging']))
    const lenaUploads = data.uploads.filter((u) => u.main_author === CAST.lena.user_id).length
    for (const user of [CAST.omar, CAST.mei, CAST.paul]) {
      expect(data.uploads.filter((u) => u.main_author === user.user_id).length).toBeLessThan(
        lenaUploads,
      )
    }
    expect(data.uploads.some((u) => u.reviewer_groups.includes(GROUP_ALL))).toBe(true)
    expect(data.uploads.some((u) => u.coauthor_groups.includes(GROUP_IDS.hoffmannLab))).toBe(true)
    expect(data.uploads.every((u) => u.entryCount >= 1)).toBe(true)
    expect(data.datasets.some((d) => d.doi?.startsWith('10.17172/NOMAD/'))).toBe(true)
    // Paul (the outsider) shares nothing and nobody shares with him.
    const withPaul = data.uploads.filter((u) =>
      [...u.coauthors, ...u.reviewers].includes(CAST.paul.user_id),
    )
    expect(withPaul).toHaveLength(0)
  })

  it('uses real-server id formats and a few large archives and files', () => {
    const data = store(2000)
    for (const doc of data.docs.slice(0, 50)) {
      expect(doc.entry_id).toMatch(/^[A-Za-z0-9_-]{28}$/)
      expect(doc.upload_id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    }
    expect(data.metas.filter((m) => m.largeArchive).length).toBeGreaterThanOrEqual(3)
    expect(data.metas.filter((m) => m.largeFile).length).toBeGreaterThanOrEqual(2)
    // The first large archive and file are in the first upload, which is public.
    const first = data.uploads[0]!
    expect(first.published && !first.with_embargo).toBe(true)
    const inFirst = (i: number) => i >= first.entryStart && i < first.entryStart + first.entryCount
    expect(data.metas.some((m) => m.largeArchive && inFirst(m.index))).toBe(true)
    expect(data.metas.some((m) => m.largeFile && inFirst(m.index))).toBe(true)
  })

  it('derives files and cross-entry references on access without storing them', () => {
    const data = store(300)
    const withInput = data.metas.find((m) => m.inputEntry !== undefined)!
    const doc = data.docs[withInput.index]!
    expect(Object.keys(doc)).not.toContain('files')
    expect(doc.files[0]).toBe(doc.mainfile)
    expect(doc.entry_references?.[0]?.target_entry_id).toBe(
      data.docs[withInput.inputEntry!]!.entry_id,
    )
  })
})
