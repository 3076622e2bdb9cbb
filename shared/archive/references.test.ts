import { describe, expect, it } from 'vitest'
import {
  jsonShape,
  parseReference,
  refKind,
  resolveInArchive,
  resolvePath,
  type ArchiveReference,
} from './references'

const ARCHIVE = {
  run: [
    {
      system: [{ label: 'a' }, { label: 'b' }, { label: 'c' }],
      calculation: [{ system_ref: '#/run/0/system/0' }, { system_ref: '#/run/0/system/-1' }],
    },
  ],
  workflow2: { results: { calculation_result_ref: '#/run/0/calculation/-1' } },
  m_ref_archives: {
    '../uploads/U1/archive/E2': { run: [{ system: [{ label: 'other' }] }] },
  },
}

const local = (raw: string) => parseReference(raw) as Extract<ArchiveReference, { kind: 'local' }>

describe('parseReference', () => {
  it('reads the local form with positive and negative indices', () => {
    expect(parseReference('#/run/0/system/0')).toEqual({
      kind: 'local',
      raw: '#/run/0/system/0',
      legacy: false,
      path: ['run', 0, 'system', 0],
    })
    expect(local('#/run/0/calculation/-1').path).toEqual(['run', 0, 'calculation', -1])
  })
  it('reads the legacy /run/... form only when it starts with an archive section', () => {
    expect(parseReference('/run/0/calculation/12')).toMatchObject({
      kind: 'local',
      legacy: true,
      path: ['run', 0, 'calculation', 12],
    })
    expect(parseReference('/workflow/0')).toMatchObject({ legacy: true, path: ['workflow', 0] })
    // A file path or plain text is not a reference.
    expect(parseReference('/home/user/OUTCAR')).toBeUndefined()
    expect(parseReference('Si16')).toBeUndefined()
    expect(parseReference('/run')).toBeUndefined()
  })
  it('reads cross-entry references with their m_ref_archives key', () => {
    expect(parseReference('../uploads/U1/archive/E2#/run/0/system/-1')).toEqual({
      kind: 'entry',
      raw: '../uploads/U1/archive/E2#/run/0/system/-1',
      uploadId: 'U1',
      entryId: 'E2',
      path: ['run', 0, 'system', -1],
      refArchiveKey: '../uploads/U1/archive/E2',
    })
    // No fragment: the whole archive of that entry.
    expect(parseReference('../uploads/U1/archive/E2')).toMatchObject({ entryId: 'E2', path: [] })
  })
  it('reads same-upload and /entries references', () => {
    expect(parseReference('../upload/archive/E3#/workflow2')).toMatchObject({
      kind: 'entry',
      uploadId: undefined,
      entryId: 'E3',
      path: ['workflow2'],
      refArchiveKey: '../upload/archive/E3',
    })
    expect(parseReference('/entries/E4/archive#/run/0')).toMatchObject({
      kind: 'entry',
      entryId: 'E4',
      path: ['run', 0],
    })
  })
  it('names what it cannot open: mainfile, raw-file definitions, other servers, broken paths', () => {
    const reason = (raw: string) => {
      const ref = parseReference(raw)
      return ref?.kind === 'unsupported' ? ref.reason : `not unsupported: ${ref?.kind}`
    }
    expect(reason('../upload/archive/mainfile/dir/OUTCAR#/run/0')).toMatch(/mainfile/)
    expect(reason('../upload/raw/schema.archive.yaml#/definitions/section_definitions/0')).toMatch(
      /raw file/,
    )
    expect(reason('https://nomad-lab.eu/prod/v1/api/v1/uploads/U/archive/E#/run/0')).toMatch(
      /another NOMAD installation/,
    )
    expect(reason('#/run//system')).toMatch(/empty step/)
  })
})

describe('resolvePath', () => {
  const shape = jsonShape(ARCHIVE)
  it('lands on the place, negative indices counted from the end of the list', () => {
    expect(resolvePath(local('#/run/0/system/0').path, shape)).toEqual({
      status: 'found',
      path: ['run', 0, 'system', 0],
    })
    expect(resolvePath(local('#/run/0/system/-1').path, shape)).toEqual({
      status: 'found',
      path: ['run', 0, 'system', 2],
    })
    expect(resolvePath(local('/run/0/calculation/1').path, shape)).toMatchObject({
      path: ['run', 0, 'calculation', 1],
    })
  })
  it('says which step fails for an index past the end or a missing key', () => {
    expect(resolvePath(['run', 0, 'system', 7], shape)).toEqual({
      status: 'missing',
      reason: 'run/0/system has 3 items; item 7 is not there.',
    })
    expect(resolvePath(['run', 0, 'system', -4], shape)).toMatchObject({ status: 'missing' })
    expect(resolvePath(['run', 0, 'method'], shape)).toEqual({
      status: 'missing',
      reason: 'run/0 has no method.',
    })
    expect(resolvePath(['workflow2', 0], shape)).toEqual({
      status: 'missing',
      reason: 'workflow2 is not a list, so it has no item 0.',
    })
  })
  it('asks for the first place that is not loaded yet', () => {
    const partial = {
      at: (path: readonly (string | number)[]) =>
        path.length === 0
          ? ({ t: 'object', keys: ['run'] } as const)
          : path.length === 1
            ? ({ t: 'list', length: 1 } as const)
            : ({ t: 'unknown' } as const),
    }
    expect(resolvePath(['run', -1, 'system', 0], partial)).toEqual({
      status: 'load',
      path: ['run', 0],
    })
  })
})

describe('resolveInArchive', () => {
  it('resolves local references in the archive and other entries in m_ref_archives', () => {
    const cross = parseReference('../uploads/U1/archive/E2#/run/0/system/-1')
    expect(cross && resolveInArchive(cross, ARCHIVE)).toEqual({
      status: 'found',
      path: ['m_ref_archives', '../uploads/U1/archive/E2', 'run', 0, 'system', 0],
    })
    const calc = parseReference('#/run/0/calculation/-1')
    expect(calc && resolveInArchive(calc, ARCHIVE)).toMatchObject({
      path: ['run', 0, 'calculation', 1],
    })
  })
  it('leaves other entries to be fetched when the answer does not carry them', () => {
    const other = parseReference('../upload/archive/E9#/run/0')
    expect(other && resolveInArchive(other, ARCHIVE)).toBeUndefined()
  })
})

describe('refKind', () => {
  it('is the last key of the target, or archive', () => {
    expect(refKind(['run', 0, 'system', -1])).toBe('system')
    expect(refKind([])).toBe('archive')
  })
})
