import { describe, expect, it } from 'vitest'
import { fileFilter, globToRegExp } from './file-filter'

describe('file filters', () => {
  it('translates fnmatch patterns', () => {
    expect(globToRegExp('*.xml').test('a/b/vasprun.xml')).toBe(true)
    expect(globToRegExp('slurm-?.out').test('slurm-1.out')).toBe(true)
    expect(globToRegExp('[!O]*').test('OUTCAR')).toBe(false)
    expect(globToRegExp('a.b').test('axb')).toBe(false)
  })

  it('prefers include_files over re_pattern over glob_pattern', () => {
    const paths = ['x/OUTCAR', 'x/vasprun.xml', 'x/images/dos.png']
    expect(paths.filter(fileFilter({ glob_pattern: '*.png' }))).toEqual(['x/images/dos.png'])
    expect(paths.filter(fileFilter({ glob_pattern: '*.png', re_pattern: 'CAR$' }))).toEqual([
      'x/OUTCAR',
    ])
    expect(
      paths.filter(fileFilter({ re_pattern: 'CAR$', include_files: ['vasprun.xml'] })),
    ).toEqual(['x/vasprun.xml'])
    expect(paths.filter(fileFilter({}))).toEqual(paths)
  })
})
