import { describe, expect, it } from 'vitest'
import { HttpError } from '../http-error'
import { LazyList, toJsonText } from '../server/json'
import {
  checkRequired,
  RequiredReader,
  type LoadedArchive,
  type RequiredSpec,
} from './required-reader'

function archive() {
  return {
    run: [
      {
        program: { name: 'VASP' },
        system: new LazyList(3, (i) => ({
          chemical_composition_reduced: `Si${i}`,
          atoms: { labels: ['Si'] },
        })),
        calculation: [0, 1, 2].map((i) => ({
          system_ref: `#/run/0/system/${i}`,
          method_ref: '#/run/0/method/0',
          energy: { total: { value: -(i + 1) }, fermi: 0.1 },
        })),
        method: [{ dft: { xc_functional: { name: 'PBE' } } }],
      },
    ],
    workflow: [{ type: 'single_point', calculation_result_ref: '/run/0/calculation/2' }],
    workflow2: {
      inputs: [{ name: 'Input structure', section: '../uploads/U2/archive/E2#/run/0/system/-1' }],
      outputs: [{ name: 'Output calculation', section: '#/run/0/calculation/-1' }],
    },
    metadata: { entry_id: 'E1', upload_id: 'U1' },
  }
}

const other = {
  run: [
    {
      system: [
        { chemical_composition_reduced: 'O2Ti' },
        { chemical_composition_reduced: 'O2Ti', atoms: { labels: ['Ti', 'O', 'O'] } },
      ],
    },
  ],
}

function read(required: RequiredSpec, visible = true) {
  const loadEntry = ({
    uploadId,
    entryId,
  }: {
    uploadId: string
    entryId?: string
  }): LoadedArchive | null =>
    visible && uploadId === 'U2' && entryId === 'E2'
      ? { key: '../uploads/U2/archive/E2', uploadId: 'U2', archive: other }
      : null
  const out = new RequiredReader(archive(), checkRequired(required, ['body', 'required']), {
    uploadId: 'U1',
    entryId: 'E1',
    loadEntry,
  }).read()
  return JSON.parse(toJsonText(out)) as Record<string, unknown>
}

function failure(required: RequiredSpec): { status: number; detail: unknown } {
  try {
    read(required)
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, detail: error.detail }
    throw error
  }
  throw new Error('no error')
}

describe('RequiredReader', () => {
  it('returns everything for "*" with references left as strings and an empty m_ref_archives', () => {
    const out = read('*')
    expect(Object.keys(out)).toEqual(['run', 'workflow', 'workflow2', 'metadata', 'm_ref_archives'])
    expect(out.m_ref_archives).toEqual({})
    expect((out.run as { system: unknown[] }[])[0]!.system).toHaveLength(3)
  })

  it('returns indexed keys under the bare name as lists (negative indices, slices, clamping)', () => {
    const pick = (key: string) =>
      (
        read({ run: { [key]: { energy: { total: '*' } } } }).run as {
          calculation: { energy: { total: { value: number } } }[]
        }[]
      )[0]!.calculation.map((c) => c.energy.total.value)
    expect(pick('calculation[-1]')).toEqual([-3])
    expect(pick('calculation[0:2]')).toEqual([-1, -2])
    expect(pick('calculation[1:]')).toEqual([-2, -3])
    expect(pick('calculation[:-2]')).toEqual([-1])
    expect(pick('calculation[7]')).toEqual([-3])
  })

  it('places resolved local targets at their original positions and keeps the reference', () => {
    const out = read({
      run: { 'calculation[-1]': { system_ref: { chemical_composition_reduced: '*' } } },
    })
    expect(out.run).toEqual([
      {
        system: [null, null, { chemical_composition_reduced: 'Si2' }],
        calculation: [{ system_ref: '#/run/0/system/2' }],
      },
    ])
  })

  it('follows legacy /run/0/... references', () => {
    const out = read({ workflow: { calculation_result_ref: { energy: { total: '*' } } } })
    expect(out.workflow).toEqual([{ calculation_result_ref: '/run/0/calculation/2' }])
    expect((out.run as { calculation: unknown[] }[])[0]!.calculation).toEqual([
      null,
      null,
      { energy: { total: { value: -3 } } },
    ])
  })

  it('replaces references by their targets with resolve-inplace', () => {
    const out = read({
      'resolve-inplace': true,
      workflow2: { outputs: { section: { energy: { fermi: '*' } } } },
    })
    expect(out.workflow2).toEqual({ outputs: [{ section: { energy: { fermi: 0.1 } } }] })
    expect(out.run).toBeUndefined()
  })

  it('resolves recursively with include-resolved', () => {
    const out = read({ 'resolve-inplace': true, workflow2: { outputs: 'include-resolved' } })
    const section = (
      out.workflow2 as {
        outputs: { section: { system_ref: { chemical_composition_reduced: string } } }[]
      }
    ).outputs[0]!.section
    expect(section.system_ref.chemical_composition_reduced).toBe('Si2')
  })

  it('puts targets in other entries under m_ref_archives and rewrites the reference', () => {
    const out = read({ workflow2: { inputs: { section: { chemical_composition_reduced: '*' } } } })
    expect(out.workflow2).toEqual({
      inputs: [{ section: '../uploads/U2/archive/E2#/run/0/system/1' }],
    })
    expect(out.m_ref_archives).toEqual({
      '../uploads/U2/archive/E2': {
        m_def: 'nomad.datamodel.EntryArchive',
        run: [{ system: [null, { chemical_composition_reduced: 'O2Ti' }] }],
      },
    })
  })

  it('does not resolve references into entries the caller may not see', () => {
    const out = read({ workflow2: { inputs: { section: '*' } } }, false)
    expect(out.workflow2).toEqual({
      inputs: [{ section: '../uploads/U2/archive/E2#/run/0/system/-1' }],
    })
    expect(out.m_ref_archives).toEqual({})
  })

  it('reports bad keys, unknown properties and directives like the real reader', () => {
    expect(failure({ run: { 'system[NOTANINT]': '*' } })).toEqual({
      status: 422,
      detail: [{ msg: 'invalid required key', loc: ['system[NOTANINT]'] }],
    })
    expect(failure({ DOESNOTEXIST: '*' })).toEqual({
      status: 422,
      detail: [{ msg: 'EntryArchive has no property DOESNOTEXIST', loc: ['DOESNOTEXIST'] }],
    })
    expect(failure({ run: { system: 'exclude' } })).toEqual({
      status: 400,
      detail: 'unknown directive exclude',
    })
    expect(failure({ run: { 'program[0]': '*' } })).toEqual({
      status: 400,
      detail: 'cannot use list key on none list program',
    })
    expect(failure({ 'resolve-inplace': 'yes' })).toEqual({
      status: 422,
      detail: [{ msg: 'resolve-inplace is not a bool', loc: ['required', 'resolve-inplace'] }],
    })
  })

  it('skips missing keys silently', () => {
    expect(read({ run: { clean_end: '*' }, data: '*' })).toEqual({ run: [{}], m_ref_archives: {} })
  })
})
