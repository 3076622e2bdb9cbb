import { describe, expect, it } from 'vitest'
import { buildRequired, readRequired, RequiredError, type Tick } from './required'

const tick = (directive: Tick['directive'], ...steps: Tick['steps']): Tick => ({ steps, directive })

describe('buildRequired', () => {
  it('turns ticks into nested keys with list picks', () => {
    expect(
      buildRequired([
        tick(
          '*',
          { key: 'run', pick: { kind: 'index', index: 0 } },
          { key: 'calculation', pick: { kind: 'index', index: -1 } },
          { key: 'energy' },
        ),
        tick(
          '*',
          { key: 'run', pick: { kind: 'index', index: 0 } },
          { key: 'system', pick: { kind: 'slice', start: 0, end: 2 } },
        ),
        tick('include-resolved', { key: 'workflow2' }),
      ]),
    ).toEqual({
      'run[0]': { 'calculation[-1]': { energy: '*' }, 'system[0:2]': '*' },
      workflow2: 'include-resolved',
    })
  })
  it('drops ticks under a parent that already takes everything, and adds resolve-inplace', () => {
    expect(
      buildRequired(
        [tick('*', { key: 'results' }, { key: 'material' }), tick('*', { key: 'results' })],
        {
          resolveInplace: true,
        },
      ),
    ).toEqual({ results: '*', 'resolve-inplace': true })
    expect(buildRequired([tick('*')])).toBe('*')
    expect(buildRequired([tick('*', { key: 'run', pick: { kind: 'slice', start: -2 } })])).toEqual({
      'run[-2:]': '*',
    })
  })
})

describe('readRequired', () => {
  it('reads back what buildRequired writes', () => {
    const ticks = [
      tick(
        '*',
        { key: 'run', pick: { kind: 'index', index: -1 } },
        { key: 'system', pick: { kind: 'slice', end: 3 } },
      ),
      tick('include-resolved', { key: 'workflow2' }, { key: 'results' }),
    ]
    const json = buildRequired(ticks, { resolveInplace: true })
    expect(readRequired(JSON.parse(JSON.stringify(json)))).toEqual({ ticks, resolveInplace: true })
  })
  it('names the place of a mistake as the server would', () => {
    const fail = (value: unknown) => {
      try {
        readRequired(value)
      } catch (error) {
        return error instanceof RequiredError ? [error.message, error.location] : error
      }
      return 'no error'
    }
    expect(fail({ run: 'exclude' })).toEqual(['unknown directive exclude', ['run']])
    expect(fail({ 'system[NOTANINT]': '*' })).toEqual([
      'invalid required key',
      ['system[NOTANINT]'],
    ])
    expect(fail({ 'resolve-inplace': 'yes' })).toEqual([
      'resolve-inplace is not a bool',
      ['resolve-inplace'],
    ])
    expect(fail({ run: { 'resolve-inplace': true } })).toEqual([
      'resolve-inplace is allowed at the top level only',
      ['run', 'resolve-inplace'],
    ])
  })
})
