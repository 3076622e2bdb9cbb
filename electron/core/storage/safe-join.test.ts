import { tmpdir } from 'node:os'
import path, { type PlatformPath } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { MAX_PATH_BYTES, safeJoin, safeJoinWith } from './safe-join'

// A fixed seed makes every run check the same inputs; FUZZ_RUNS=100000 searches further.
const FUZZ = { seed: 20_261_124, numRuns: Number(process.env.FUZZ_RUNS) || 3000 }

const flavours: [string, PlatformPath, string][] = [
  ['POSIX', path.posix, '/home/ada/Downloads/nomad'],
  ['Windows', path.win32, 'C:\\Users\\ada\\Downloads\\nomad'],
  ['Windows UNC root', path.win32, '\\\\fileserver\\share\\nomad'],
  ['this platform', path, path.join(tmpdir(), 'nomad-safe-join')],
]

/** True when `target` is strictly below `root`, judged by resolve + relative. */
function isUnder(p: PlatformPath, root: string, target: string): boolean {
  const inside = p.relative(p.resolve(root), p.resolve(target))
  return (
    inside !== '' &&
    inside !== '..' &&
    !inside.startsWith(`..${p.sep}`) &&
    !p.isAbsolute(inside) &&
    p.isAbsolute(target)
  )
}

/** Pieces that attackers and unlucky servers put into names. */
const hostilePiece = fc.constantFrom(
  'a',
  'Z',
  '0',
  '.',
  '..',
  '...',
  '/',
  '\\',
  '//',
  '\\\\',
  ':',
  'C:',
  'c:',
  ' ',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u0085',
  'CON',
  'nul',
  'Com1',
  'LPT9',
  '.txt',
  '~',
  '$',
  '?',
  '*',
  '%2e%2e',
  'é',
  '𝟘',
  '\u202e',
  '\ufeff',
  'x'.repeat(120),
)
const hostile = fc.oneof(
  fc.array(hostilePiece, { maxLength: 14 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
)
const safeSegment = fc
  .string({
    unit: fc.constantFrom('a', 'b', 'Z', '0', '-', '_', '.', ' ', 'é', '数', '𝟘'),
    minLength: 1,
    maxLength: 20,
  })
  .filter((s) => !/[. ]$/.test(s) && s !== '..' && s !== '.')
  .map((s) => `f${s}`)

describe.each(flavours)('safeJoin (%s)', (_name, p, root) => {
  it('never returns a path outside the root', () => {
    let accepted = 0
    fc.assert(
      fc.property(hostile, (relative) => {
        let target: string
        try {
          target = safeJoinWith(p, root, relative)
        } catch (error) {
          expect(error).toBeInstanceOf(AppError)
          expect((error as AppError).code).toBe('invalid_input')
          return
        }
        accepted++
        expect(isUnder(p, root, target)).toBe(true)
      }),
      FUZZ,
    )
    // The property would hold vacuously if everything were refused.
    expect(accepted).toBeGreaterThan(0)
  })

  it('accepts ordinary names, with either separator, as the plain join', () => {
    fc.assert(
      fc.property(
        fc.array(safeSegment, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (segments, backslashes) => {
          const relative = segments.join(backslashes ? '\\' : '/')
          expect(safeJoinWith(p, root, relative)).toBe(p.join(p.resolve(root), ...segments))
        },
      ),
      FUZZ,
    )
  })
})

describe('safeJoin refusals', () => {
  const root = path.join(tmpdir(), 'nomad-root')
  const long = 'é'.repeat(128)

  it.each(
    [
      ['', 'is empty'],
      ['a/../../etc/passwd', 'segment "..", which refers to the parent folder'],
      ['..', 'segment "..", which refers to the parent folder'],
      ['a/./b', 'segment ".", which refers to the current folder'],
      ['a//b', 'has an empty segment'],
      ['a/b/', 'has an empty segment'],
      ['/etc/passwd', 'is absolute'],
      ['\\Windows\\win.ini', 'is absolute'],
      ['\\\\server\\share\\file', 'is a UNC or device path'],
      ['//server/share/file', 'is a UNC or device path'],
      ['\\\\?\\C:\\file', 'is a UNC or device path'],
      ['C:', 'starts with a drive letter'],
      ['C:\\Windows\\win.ini', 'starts with a drive letter'],
      ['c:relative.txt', 'starts with a drive letter'],
      ['data/D:/x', 'segment "D:", which starts with a drive letter'],
      ['a\u0000.txt', 'segment "a\\u0000.txt", which contains the control character U+0000'],
      ['bell\u0007', 'contains the control character U+0007'],
      ['line\nbreak', 'contains the control character U+000A'],
      ['del\u007f', 'contains the control character U+007F'],
      ['next\u0085line', 'contains the control character U+0085'],
      ['CON', 'segment "CON", which is a device name on Windows'],
      ['dir/con.txt', 'segment "con.txt", which is a device name on Windows'],
      ['Aux.tar.gz', 'is a device name on Windows'],
      ['nul', 'is a device name on Windows'],
      ['PRN', 'is a device name on Windows'],
      ['com9.log', 'is a device name on Windows'],
      ['LPT1', 'is a device name on Windows'],
      ['file.', 'segment "file.", which ends with a dot or a space'],
      ['dir /file', 'segment "dir ", which ends with a dot or a space'],
      [`${long}.h5`, 'is 259 bytes long in UTF-8, over the limit of 255'],
      [
        Array.from({ length: 8 }, () => 'x'.repeat(150)).join('/'),
        `once joined to the folder, over the limit of ${MAX_PATH_BYTES}`,
      ],
    ].map(([relative = '', rule = '']) => ({
      shown: JSON.stringify(relative).slice(0, 40),
      relative,
      rule,
    })),
  )('refuses $shown: $rule', ({ relative, rule }) => {
    let thrown: unknown
    try {
      safeJoin(root, relative)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AppError)
    expect(thrown).toMatchObject({ code: 'invalid_input' })
    expect((thrown as AppError).message).toContain(rule)
    expect((thrown as AppError).message).toMatch(/^The file path ".*" was refused: it /)
  })

  it('accepts names that only look close to a rule', () => {
    for (const name of [
      'CONSOLE',
      'nul_data',
      'COM10',
      'LPT0',
      '..hidden',
      '.config',
      'a..b',
      'run 12:30.log',
    ])
      expect(safeJoin(root, `d/${name}`)).toBe(path.join(root, 'd', name))
    expect(safeJoin(root, 'é'.repeat(127))).toBe(path.join(root, 'é'.repeat(127)))
  })
})
