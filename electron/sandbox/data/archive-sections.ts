import type { EntryMeta } from './model'
import { entryNumbers } from './entry-numbers'
import { elementsOf, hill, reducedFormula } from './formula'
import { materialParts } from './material-parts'
import { MATERIALS } from './materials'
import { programVersion } from './method-parts'
import { EV, FUNCTIONALS, PROGRAMS } from './programs'
import { Rng } from './rng'
import { atomicNumber, baseStructure, framePositions } from './structure'
import { logTime } from './time'

/** The `run` section and processing logs of a generated archive (facts §11 shapes). */

const AMU = 1.6605390666e-27

export function methodSection(meta: EntryMeta): Record<string, unknown> {
  const program = PROGRAMS[meta.programIndex] ?? PROGRAMS[0]
  const functional = FUNCTIONALS[meta.functionalIndex] ?? FUNCTIONALS[0]
  const composition = materialParts(meta.materialIndex, 1).composition
  const names = functional?.names ?? []
  const method: Record<string, unknown> = {
    dft: {
      xc_functional: {
        name: names.join('+'),
        exchange: names
          .filter((n) => n.includes('_X_') || n.includes('XC'))
          .map((name) => ({ name })),
        correlation: names.filter((n) => n.includes('_C_')).map((name) => ({ name })),
      },
    },
    electronic: { method: 'DFT', smearing: { kind: 'gaussian', width: 0.05 * EV } },
    scf: { threshold_energy_change: 1e-8 * EV },
    atom_parameters: elementsOf(composition).map((label) => ({
      atom_number: atomicNumber(label),
      n_valence_electrons: Math.min(atomicNumber(label), 4 + (atomicNumber(label) % 9)),
      label,
      mass: atomicNumber(label) * 2.05 * AMU,
      pseudopotential_name: `PAW_PBE ${label} 06Sep2000`,
    })),
  }
  if (program?.basisSetType === 'plane waves') {
    const cutoff = (meta.seed % 5) * 50 + 400
    method.basis_set = [
      {
        type: 'plane waves',
        cell_dependent: [{ kind: 'plane waves', planewave_cutoff: cutoff * EV }],
      },
    ]
  } else {
    method.basis_set = [{ type: program?.basisSetType ?? 'unknown' }]
  }
  return method
}

/** System `step` of the run (positions move a little from step to step). */
export function systemSection(meta: EntryMeta, step: number): Record<string, unknown> {
  const material = MATERIALS[meta.materialIndex]
  const parts = materialParts(meta.materialIndex, meta.supercell)
  const base = baseStructure(meta.materialIndex, meta.supercell)
  const last = step === meta.steps - 1
  const system: Record<string, unknown> = {
    type: material?.structuralType ?? 'bulk',
    is_representative: last,
    chemical_composition: base.labels.join(''),
    chemical_composition_hill: hill(parts.composition),
    chemical_composition_reduced: reducedFormula(parts.composition),
    atoms: {
      labels: base.labels,
      species: base.species,
      positions: step === 0 ? base.positions : framePositions(base, meta.seed, step),
      lattice_vectors: base.lattice,
      periodic: base.periodic,
    },
  }
  if ((step === 0 || last) && material?.spaceGroup) {
    system.symmetry = [
      {
        bravais_lattice: material.bravais,
        crystal_system: material.crystalSystem,
        international_short_symbol: material.spaceGroup[1],
        point_group: material.pointGroup,
        space_group_number: material.spaceGroup[0],
        symmetry_method: 'MatID (spg)',
      },
    ]
  }
  return system
}

/** Calculation `step`: energies, forces, stress; SCF iterations for static calculations. */
export function calculationSection(meta: EntryMeta, step: number): Record<string, unknown> {
  const numbers = entryNumbers(meta)
  const rng = new Rng(meta.seed ^ Math.imul(step + 7, 0x85ebca6b))
  const n = baseStructure(meta.materialIndex, meta.supercell).labels.length
  const remaining = meta.steps - 1 - step
  const energy =
    numbers.energy +
    (meta.workflow === 'geometry_optimization'
      ? remaining * 0.02 * EV
      : rng.float(-0.05, 0.05) * EV)
  const calc: Record<string, unknown> = {
    system_ref: `#/run/0/system/${step}`,
    method_ref: '#/run/0/method/0',
    energy: {
      total: { value: energy },
      free: { value: energy - 0.001 * EV },
      fermi: numbers.fermi,
      xc: { value: energy * 0.31 },
    },
    forces: {
      total: {
        value: Array.from({ length: n }, () =>
          [0, 0, 0].map(() => rng.float(-0.5, 0.5) * EV * 1e10 * (1 / (1 + step))),
        ),
      },
    },
    stress: {
      total: {
        value: [0, 1, 2].map((i) =>
          [0, 1, 2].map((j) => (i === j ? rng.float(-2e8, 2e8) : rng.float(-2e7, 2e7))),
        ),
      },
    },
  }
  if (meta.workflow === 'molecular_dynamics') {
    calc.temperature = numbers.temperature + rng.float(-25, 25)
    calc.pressure = rng.float(-1e8, 1e8)
    calc.time_physical = step * numbers.timeStep
    calc.step = step
  } else {
    const iterations = meta.workflow === 'single_point' ? rng.int(8, 16) : 3
    calc.scf_iteration = Array.from({ length: iterations }, (_, k) => ({
      energy: { total: { value: energy + (iterations - k) ** 2 * 0.003 * EV } },
    }))
  }
  if (meta.workflow === 'single_point' && numbers.gap > 0) {
    calc.band_gap = [{ value: numbers.gap, type: numbers.gapType }]
  }
  return calc
}

export function programSection(meta: EntryMeta): Record<string, unknown> {
  return {
    name: PROGRAMS[meta.programIndex]?.name ?? 'unknown',
    version: programVersion(meta),
    compilation_datetime: 1_500_000_000 + (meta.seed % 100_000_000),
  }
}

export function processingLogs(
  meta: EntryMeta,
  parser: string,
  startMs: number,
): Record<string, unknown>[] {
  const events: [string, string, Record<string, string>][] = [
    ['DEBUG', 'Executing celery task', {}],
    ['INFO', 'parser executed', { step: parser, exec_time: '0.4' }],
    [
      'INFO',
      'normalizer completed successfully',
      { normalizer: 'SystemNormalizer', step: 'SystemNormalizer' },
    ],
    [
      'INFO',
      'normalizer completed successfully',
      { normalizer: 'ResultsNormalizer', step: 'ResultsNormalizer' },
    ],
    ['INFO', 'entry metadata saved', { exec_time: '0.03' }],
    ['INFO', 'entry metadata indexed', { exec_time: '0.04' }],
  ]
  if (meta.seed % 7 === 0)
    events.splice(2, 0, [
      'WARNING',
      'no symmetry information for this system',
      { normalizer: 'SystemNormalizer' },
    ])
  return events.map(([level, event, extra], i) => ({
    ...extra,
    event,
    proc: 'Entry',
    process: 'process_entry',
    parser,
    logger: 'nomad.processing',
    timestamp: logTime(startMs + i * 300),
    level,
  }))
}
