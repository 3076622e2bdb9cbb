import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { recoverPart } from './part-recovery'

const folder = mkdtempSync(join(tmpdir(), 'nomad-part-'))
const part = join(folder, 'file.part')
afterEach(() => rmSync(part, { force: true }))

describe('recoverPart: trust min(journal offset, file size) and cut the rest', () => {
  it('cuts bytes written after the last journal record (crash between write and record)', async () => {
    writeFileSync(part, Buffer.alloc(1000, 7))
    expect(await recoverPart(part, 600)).toBe(600)
    expect(statSync(part).size).toBe(600)
  })

  it('resumes at the file size when the disk has less than the journal says (file cut since)', async () => {
    writeFileSync(part, 'abc')
    expect(await recoverPart(part, 600)).toBe(3)
    expect(readFileSync(part, 'utf8')).toBe('abc')
  })

  it('starts at 0 when the .part is gone, and keeps a file that matches exactly', async () => {
    expect(await recoverPart(part, 600)).toBe(0)
    writeFileSync(part, 'abcdef')
    expect(await recoverPart(part, 6)).toBe(6)
    expect(readFileSync(part, 'utf8')).toBe('abcdef')
  })
})
