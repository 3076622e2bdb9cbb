import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../quantities'
import { memoCheck, memoQueries } from './testing/memo-check'
import { sampleSource } from './testing/sample-source'

const source = sampleSource(1500, 9)

/** The memoised predicate must agree with the plain one on every entry, for every kind of query. */
const QUERIES = memoQueries({
  author: 'Lena Hoffmann',
  viewerId: 'u-omar',
  mainfile: source.docs[10]!.mainfile,
})

describe('memoize', () => {
  it('gives the same answers as the compiled query for every entry', () => {
    for (const raw of QUERIES) {
      const { hits, mismatches } = memoCheck(source, raw, DEFAULT_CATALOGUE)
      expect(mismatches, JSON.stringify(raw)).toEqual([])
      expect(hits, JSON.stringify(raw)).toBeGreaterThan(0)
    }
  })

  it('follows upload edits (upload-level parts change identity, the version changes)', () => {
    const count = () => memoCheck(source, { 'viewers.user_id': 'u-extra' }, DEFAULT_CATALOGUE).hits
    const before = count()
    const upload = 3
    source.editUpload(upload, {
      viewers: [...source.uploads[upload]!.viewers, { user_id: 'u-extra', name: 'Extra' }],
    })
    expect(count()).toBe(before + source.docsOf(upload).length)
  })
})
