import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../../../shared/query'
import { memoCheck, memoQueries } from '../../../shared/query/engine/testing/memo-check'
import { DEMO_USERS } from '../data/users'
import { DataStore } from '../state/data-store'
import { entrySource } from './entry-source'

const store = new DataStore({
  entries: 1500,
  seed: 9,
  largeFileBytes: 1024,
  nameOf: (id) => DEMO_USERS.find((u) => u.user_id === id)?.name ?? id,
})

const source = entrySource(store)

/**
 * The sandbox's shared parts (entry-source.ts) must name what entry-doc.ts really interns: the
 * memoised predicate must agree with the plain one on every entry, for every kind of query.
 */
const QUERIES = memoQueries({
  author: 'Lena Hoffmann',
  viewerId: 'd0c54230-9148-4279-b118-0a7183119f69',
  mainfile: store.docs[10]!.mainfile,
})

describe('the sandbox entry source memoised by the engine', () => {
  it('gives the same answers as the compiled query for every entry', () => {
    for (const raw of QUERIES) {
      const { hits, mismatches } = memoCheck(source, raw, DEFAULT_CATALOGUE)
      expect(mismatches, JSON.stringify(raw)).toEqual([])
      expect(hits, JSON.stringify(raw)).toBeGreaterThan(0)
    }
  })

  it('follows membership edits (upload-level parts change identity)', () => {
    const count = () =>
      memoCheck(
        source,
        { 'viewers.user_id': 'b98d9e83-1599-43bf-b142-ac641b668bff' },
        DEFAULT_CATALOGUE,
      ).hits
    const before = count()
    const upload = store.uploads.find(
      (u) =>
        !u.coauthors.includes('b98d9e83-1599-43bf-b142-ac641b668bff') &&
        u.main_author !== 'b98d9e83-1599-43bf-b142-ac641b668bff',
    )!
    store.updateUpload(upload.index, {
      reviewers: [...upload.reviewers, 'b98d9e83-1599-43bf-b142-ac641b668bff'],
    })
    expect(count()).toBe(before + upload.entryCount)
  })
})
