import { describe, expect, it } from 'vitest'
import { compileGlobs } from './globs'

const paths = [
  'up1/run/vasprun.xml',
  'up1/run/OUTCAR',
  'up1/run/sub/OUTCAR',
  'up2/.hidden/notes.txt',
]

describe('compileGlobs', () => {
  it('includes what matches an include and no exclude; * stays in a folder, ** crosses', () => {
    const filter = compileGlobs(['**/OUTCAR', 'up1/*/vasprun.xml'], ['**/sub/**'])
    expect(paths.filter((p) => filter.accepts(p))).toEqual([
      'up1/run/vasprun.xml',
      'up1/run/OUTCAR',
    ])
    expect(compileGlobs(['up1/*'], []).accepts('up1/run/OUTCAR')).toBe(false)
  })

  it('accepts everything without globs, dot folders included', () => {
    const filter = compileGlobs([], [])
    expect(paths.every((p) => filter.accepts(p))).toBe(true)
    expect(compileGlobs(['**/*.txt'], []).accepts('up2/.hidden/notes.txt')).toBe(true)
  })

  it('says before start which pattern matches none of the known files', () => {
    const problems = compileGlobs(['**/*.h5'], ['**/*.tmp']).problems(paths)
    expect(problems.map((p) => [p.field, p.severity])).toEqual([
      ['include', 'error'],
      ['exclude', 'warning'],
    ])
    expect(problems[0]?.message).toContain('"**/*.h5" matches none of the 4 files')
  })

  it('says when the excludes remove everything the includes keep', () => {
    const problems = compileGlobs(['**/OUTCAR'], ['**/OUTCAR']).problems(paths)
    expect(problems.map((p) => p.message)).toContain(
      'The exclude patterns remove every file the include patterns keep.',
    )
  })
})
