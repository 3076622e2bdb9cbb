import { describe, expect, it } from 'vitest'
import { jsonShape } from './references'
import { buildRequired, type Tick } from './required'
import { checkTicks, relation, rowTickState, tickAt, toggleTick } from './required-ticks'

const lengths: Record<string, number> = { '["run"]': 1, '["run",0,"calculation"]': 5 }
const lengthOf = (list: readonly (string | number)[]) => lengths[JSON.stringify(list)]

describe('ticks from rows', () => {
  it('turns a row path into steps with list items as picks', () => {
    expect(tickAt(['run', 0, 'calculation', 2, 'energy'])).toEqual({
      steps: [
        { key: 'run', pick: { kind: 'index', index: 0 } },
        { key: 'calculation', pick: { kind: 'index', index: 2 } },
        { key: 'energy' },
      ],
      directive: '*',
    })
    expect(tickAt(['run', 0, 'system'])?.steps.at(-1)).toEqual({ key: 'system' })
    expect(tickAt([])).toBeUndefined()
    expect(tickAt(['run', 0, 'x', 1, 2])).toBeUndefined()
  })

  it('tells a row the tick itself, a place inside it, or a place above it', () => {
    const last = tickAt(['run', 0, 'calculation', -1]) as Tick
    expect(relation(last, ['run', 0, 'calculation', 4], lengthOf)).toBe('ticked')
    expect(relation(last, ['run', 0, 'calculation', 4, 'energy'], lengthOf)).toBe('inside')
    expect(relation(last, ['run', 0, 'calculation', 3], lengthOf)).toBeUndefined()
    expect(relation(last, ['run', 0, 'calculation'], lengthOf)).toBe('above')
    expect(relation(last, ['run'], lengthOf)).toBe('above')
    const everyRun = tickAt(['run']) as Tick
    expect(relation(everyRun, ['run'], lengthOf)).toBe('ticked')
    expect(relation(everyRun, ['run', 0], lengthOf)).toBe('inside')
    const slice: Tick = {
      steps: [
        { key: 'run', pick: { kind: 'index', index: 0 } },
        { key: 'calculation', pick: { kind: 'slice', start: -2 } },
      ],
      directive: '*',
    }
    expect(relation(slice, ['run', 0, 'calculation', 3], lengthOf)).toBe('inside')
    expect(relation(slice, ['run', 0, 'calculation', 2], lengthOf)).toBeUndefined()
    expect(rowTickState([slice, everyRun], ['run', 0, 'calculation', 3], lengthOf)).toBe('inside')
  })

  it('ticks in several places; a tick above drops the ticks below it; a second click unticks', () => {
    let ticks = toggleTick([], ['run', 0, 'calculation', 1, 'energy'], lengthOf)
    ticks = toggleTick(ticks, ['run', 0, 'system', 0], lengthOf)
    ticks = toggleTick(ticks, ['workflow2'], lengthOf)
    expect(buildRequired(ticks)).toEqual({
      'run[0]': { 'calculation[1]': { energy: '*' }, 'system[0]': '*' },
      workflow2: '*',
    })
    // Inside workflow2's tick: nothing changes.
    expect(toggleTick(ticks, ['workflow2', 'results'], lengthOf)).toEqual(ticks)
    ticks = toggleTick(ticks, ['run'], lengthOf)
    expect(buildRequired(ticks)).toEqual({ run: '*', workflow2: '*' })
    expect(buildRequired(toggleTick(ticks, ['run'], lengthOf))).toEqual({ workflow2: '*' })
  })
})

describe('checkTicks', () => {
  const shape = jsonShape({
    run: [{ calculation: [{ energy: { total: 1 } }], program: { name: 'VASP' } }],
    results: {},
  })
  const tick = (steps: Tick['steps']): Tick => ({ steps, directive: '*' })
  it('names a key the archive lacks, and a list pick on something that is no list', () => {
    expect(
      checkTicks(
        [
          tick([{ key: 'run', pick: { kind: 'index', index: -1 } }, { key: 'calculaton' }]),
          tick([{ key: 'run' }, { key: 'program', pick: { kind: 'index', index: 0 } }]),
          tick([{ key: 'reslts' }]),
          tick([{ key: 'run' }, { key: 'calculation' }, { key: 'energy' }, { key: 'total' }]),
        ],
        shape,
      ),
    ).toEqual([
      { location: ['run[-1]', 'calculaton'], message: 'run[-1] has no key “calculaton”' },
      {
        location: ['run', 'program[0]'],
        message: 'program is not a list, so it takes no [index] or [start:end]',
      },
      { location: ['reslts'], message: 'The archive has no key “reslts”' },
    ])
  })
})
