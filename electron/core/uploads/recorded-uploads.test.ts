import { describe, expect, it } from 'vitest'
import {
  isRawdirDirectory,
  uploadCommandExamples,
  uploadEntriesResponse,
  uploadRawdirResponse,
  uploadResponse,
  uploadsResponse,
} from '../../../shared/api'
import {
  uploadEntrySchema,
  uploadMemberSchema,
  uploadSummarySchema,
} from '../../../shared/ipc/channels/uploads'
import { loadRecordings } from '../api/test-support/recordings'
import { memberIds, toEntryRow, toSummary } from './upload-views'

// Every recorded 200 answer of the real server's upload endpoints decodes with the wire
// models, and what the Uploads screens get from it satisfies the IPC contract.

const loaded = loadRecordings()
const pairs = loaded.ok ? loaded.pairs.filter((p) => p.method === 'GET' && p.status === 200) : []
const of = (match: RegExp) => pairs.filter((p) => match.test(p.path))

describe('recorded upload answers', () => {
  it('has recordings to check', () => {
    expect(loaded.ok).toBe(true)
  })

  it('decodes GET /uploads listings into summaries', () => {
    const lists = of(/^\/uploads$/)
    expect(lists.length).toBeGreaterThan(1)
    for (const pair of lists) {
      const answer = uploadsResponse.parse(pair.body)
      for (const upload of answer.data) uploadSummarySchema.parse(toSummary(upload))
    }
  })

  it('decodes GET /uploads/{id} into summaries and members', () => {
    const records = of(/^\/uploads\/[^/]+$/).filter((p) => !p.path.endsWith('command-examples'))
    expect(records.length).toBeGreaterThanOrEqual(10)
    for (const pair of records) {
      const upload = uploadResponse.parse(pair.body).data
      uploadSummarySchema.parse(toSummary(upload))
      for (const member of memberIds(upload))
        uploadMemberSchema.parse({ ...member, name: null, affiliation: null })
    }
  })

  it('decodes GET /uploads/{id}/entries into entry rows', () => {
    const lists = of(/^\/uploads\/[^/]+\/entries$/)
    expect(lists.length).toBeGreaterThan(0)
    for (const pair of lists)
      for (const entry of uploadEntriesResponse.parse(pair.body).data)
        uploadEntrySchema.parse(toEntryRow(entry))
  })

  it('decodes every rawdir answer, folders and files, and the command examples', () => {
    const rawdirs = of(/^\/uploads\/[^/]+\/rawdir\//)
    expect(rawdirs.length).toBeGreaterThan(5)
    const folders = rawdirs.map((p) => uploadRawdirResponse.parse(p.body)).filter(isRawdirDirectory)
    expect(folders.length).toBeGreaterThan(0)
    const mainfiles = folders.flatMap((f) => f.directory_metadata.content.filter((c) => c.entry_id))
    expect(mainfiles.every((m) => typeof m.parser_name === 'string')).toBe(true)
    for (const pair of of(/^\/uploads\/command-examples$/)) uploadCommandExamples.parse(pair.body)
  })
})
