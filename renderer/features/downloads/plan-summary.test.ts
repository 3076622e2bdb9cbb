import { describe, expect, it } from 'vitest'
import { describeChosen } from './plan-summary'

const paths = (n: number) => ({
  kind: 'upload-paths' as const,
  uploadId: 'u1',
  paths: Array.from({ length: n }, (_, i) => `p${i}`),
})

describe('what the plan says was chosen from an upload', () => {
  it('counts files and folders by kind, as the file browser chose them', () => {
    expect(describeChosen({ source: paths(2), chosen: { files: 1, folders: 1 } })).toBe(
      '1 file, 1 folder',
    )
    expect(describeChosen({ source: paths(3), chosen: { files: 3, folders: 0 } })).toBe('3 files')
    expect(describeChosen({ source: paths(2), chosen: { files: 0, folders: 2 } })).toBe('2 folders')
  })

  it('counts paths when their kinds are unknown, and names the whole upload', () => {
    expect(describeChosen({ source: paths(1) })).toBe('1 file or folder')
    expect(describeChosen({ source: paths(1200) })).toBe('1\u202f200 files or folders')
    expect(describeChosen({ source: { kind: 'upload', uploadId: 'u1' } })).toBe('The whole upload')
  })

  it('has nothing to say for entry sources (they show entries and uploads)', () => {
    expect(describeChosen({ source: { kind: 'entries', entryIds: ['e1'] } })).toBeUndefined()
  })
})
