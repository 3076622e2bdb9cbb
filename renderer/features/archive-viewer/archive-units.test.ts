import { describe, expect, it } from 'vitest'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { nodeFromAnswer } from './archive-model'
import { declaredUnits, unitAt } from './archive-units'
import { formatNumber } from './format-number'

const NONE = new Map<string, string>()
/** A value at a place as the tree row shows it. */
function shown(path: ArchivePath, si: number, mode: 'researcher' | 'si' = 'researcher') {
  const unit = unitAt(path, mode, NONE, si)
  return unit ? `${formatNumber(unit.convert(si))} ${unit.symbol}` : formatNumber(si)
}

describe('archive units (researcher units by default, SI on request)', () => {
  it('energies in eV, from the key or an ancestor’s (energy.total.value)', () => {
    expect(shown(['run', 0, 'calculation', 0, 'energy', 'total', 'value'], -1.602176634e-17)).toBe(
      '-100 eV',
    )
    expect(shown(['workflow2', 'results', 'final_energy_difference'], 1.602176634e-24)).toBe(
      '1e-5 eV',
    )
    expect(shown(['run', 0, 'calculation', 0, 'energy', 'fermi'], 8.01088317e-19)).toBe('5 eV')
  })
  it('lengths in Å, forces in eV/Å, pressures in GPa, volumes in Å^3', () => {
    expect(shown(['run', 0, 'system', 0, 'atoms', 'positions', 0, 1], 2.5e-10)).toBe('2.5 Å')
    expect(shown(['run', 0, 'system', 0, 'atoms', 'lattice_vectors', 2, 2], 5.43e-10)).toBe(
      '5.43 Å',
    )
    expect(
      shown(['run', 0, 'calculation', 0, 'forces', 'total', 'value', 0, 0], 1.602176634e-9),
    ).toBe('1 eV/Å')
    expect(shown(['results', 'properties', 'mechanical', 'bulk_modulus', 0, 'value'], 9.8e10)).toBe(
      '98 GPa',
    )
    expect(shown(['run', 0, 'calculation', 0, 'pressure'], 1e5)).toBe('0.0001 GPa')
    expect(
      shown(['results', 'properties', 'mechanical', 'energy_volume_curve', 0, 'volumes', 3], 4e-29),
    ).toBe('40 Å^3')
  })
  it('temperatures in K, time steps in fs, longer times in ps', () => {
    expect(
      shown(['workflow2', 'method', 'thermostat_parameters', 0, 'reference_temperature'], 300),
    ).toBe('300 K')
    expect(shown(['workflow2', 'method', 'integration_timestep'], 5e-16)).toBe('0.5 fs')
    expect(shown(['run', 0, 'calculation', 3, 'time_physical'], 2.5e-12)).toBe('2.5 ps')
  })
  it('shows SI when asked, and leaves counts and ids alone', () => {
    expect(shown(['run', 0, 'calculation', 0, 'energy', 'total', 'value'], -1.6e-17, 'si')).toBe(
      '-1.6e-17 J',
    )
    expect(shown(['workflow2', 'results', 'optimization_steps'], 12)).toBe('12')
    expect(shown(['metadata', 'n_quantities'], 4000)).toBe('4000')
  })
  it('uses the unit an ELN schema declares for its data', () => {
    const root = nodeFromAnswer({
      path: [],
      marks: [],
      value: {
        definitions: {
          section_definitions: [
            {
              quantities: [
                { name: 'substrate_thickness', unit: 'meter' },
                { name: 'p', unit: 'millibar' },
              ],
            },
          ],
        },
      },
    })
    const declared = declaredUnits(root)
    expect(unitAt(['data', 'substrate_thickness'], 'researcher', declared)?.symbol).toBe('m')
    // A unit units.ts does not know is shown as the schema spells it.
    expect(unitAt(['data', 'p'], 'researcher', declared)?.symbol).toBe('millibar')
  })
})
