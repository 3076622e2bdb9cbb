import type { EntryMeta } from './model'
import { entryNumbers } from './entry-numbers'
import { elementsOf, hill, reducedFormula } from './formula'
import { materialParts } from './material-parts'
import { MATERIALS } from './materials'
import { programVersion } from './method-parts'
import { EV, FUNCTIONALS, PROGRAMS } from './programs'
import { Rng } from './rng'
import {
  bandStructureElectronic,
  bandStructurePhonon,
  DEFAULT_SPECTRA,
  dos,
  eigenvalues,
} from './archive-spectra'
import { equationOfState, hasPhonons } from './archive-workflows'
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

/** The symmetry analysis of a system (run.system.symmetry), as MatID/spglib report it. */
function symmetrySection(meta: EntryMeta): Record<string, unknown>[] {
  const material = MATERIALS[meta.materialIndex]
  if (!material?.spaceGroup) return []
  const base = baseStructure(meta.materialIndex, 1)
  const wyckoff = base.labels.map((_, i) => 'abcd'[i % 4] ?? 'a')
  const equivalent = base.labels.map((label) => base.labels.indexOf(label))
  const cell = {
    atomic_numbers: base.species,
    equivalent_atoms: equivalent,
    wyckoff_letters: wyckoff,
    positions: base.positions.map((p) => p.map((x) => Number((x / 1e-10 / 10).toFixed(6)))),
    lattice_vectors: base.lattice,
  }
  return [
    {
      bravais_lattice: material.bravais,
      crystal_system: material.crystalSystem,
      hall_number: hallNumber(material.spaceGroup[0]),
      hall_symbol: material.spaceGroup[1].replace(/(.)(?=.)/g, '$1 '),
      international_short_symbol: material.spaceGroup[1],
      origin_shift: [0, 0, 0],
      point_group: material.pointGroup,
      space_group_number: material.spaceGroup[0],
      symmetry_method: 'MatID (spg)',
      transformation_matrix: [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
      system_original: [{ equivalent_atoms: equivalent, wyckoff_letters: wyckoff }],
      system_primitive: [cell],
      system_std: [cell],
    },
  ]
}

/** A Hall number in the range spglib uses for the space group (1–530). */
export function hallNumber(spaceGroup: number): number {
  return Math.min(530, Math.max(1, Math.round(spaceGroup * 2.33)))
}

/** System `step` of the run (positions move a little from step to step; EOS scans scale). */
export function systemSection(meta: EntryMeta, step: number): Record<string, unknown> {
  const material = MATERIALS[meta.materialIndex]
  const parts = materialParts(meta.materialIndex, meta.supercell)
  const base = baseStructure(meta.materialIndex, meta.supercell)
  const eos = hasPhonons(meta)
  const last = eos ? step === 6 : step === meta.steps - 1
  const scale = eos ? Math.cbrt(equationOfState(meta).scales[step] ?? 1) : 1
  const scaled = (rows: number[][]) => rows.map((row) => row.map((x) => x * scale))
  const positions = step === 0 || eos ? base.positions : framePositions(base, meta.seed, step)
  const reduced = reducedFormula(parts.composition)
  const system: Record<string, unknown> = {
    type: material?.structuralType ?? 'bulk',
    configuration_raw_gid: `${meta.seed.toString(36)}${step.toString(36)}`.padEnd(28, 'x'),
    is_representative: last,
    chemical_composition: base.labels.join(''),
    chemical_composition_hill: hill(parts.composition),
    chemical_composition_reduced: reduced,
    atoms: {
      labels: base.labels,
      species: base.species,
      positions: scale === 1 ? positions : scaled(positions),
      lattice_vectors: scale === 1 ? base.lattice : scaled(base.lattice),
      periodic: base.periodic,
    },
  }
  if ((step === 0 || last) && material?.spaceGroup) {
    system.symmetry = symmetrySection(meta)
    if (material.structureName) {
      system.prototype = [
        {
          aflow_id: `A_c${base.labels.length}_${material.spaceGroup[0]}_a`,
          aflow_url: `http://aflowlib.org/CrystalDatabase/A_c${base.labels.length}_${material.spaceGroup[0]}_a.html`,
          assignment_method: 'normalized-wyckoff',
          label: `${material.spaceGroup[0]}-${reduced}-${material.structureName}`,
        },
      ]
    }
    system.springer_material = [
      {
        id: `sd_${(meta.materialIndex * 7919 + 1_000_000).toString()}`,
        alphabetical_formula: hill(parts.composition),
        url: `http://materials.springer.com/isp/crystallographic/docs/sd_${(meta.materialIndex * 7919 + 1_000_000).toString()}`,
        compound_class: ['inorganic'],
        classification: [material.structuralType],
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
  const eos = hasPhonons(meta)
  const energy = eos
    ? (equationOfState(meta).energies[step] ?? numbers.energy)
    : numbers.energy +
      (meta.workflow === 'geometry_optimization'
        ? remaining * 0.02 * EV
        : rng.float(-0.05, 0.05) * EV)
  const calc: Record<string, unknown> = {
    system_ref: `#/run/0/system/${step}`,
    method_ref: '#/run/0/method/0',
    energy: {
      total: { value: energy },
      free: { value: energy - 0.001 * EV },
      total_t0: { value: energy - 0.0005 * EV },
      fermi: numbers.fermi,
      highest_occupied: numbers.fermi,
      lowest_unoccupied: numbers.fermi + numbers.gap,
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
    const [temperature, pressure] = thermostat(meta, step)
    calc.temperature = temperature
    calc.pressure = pressure
    calc.time_physical = step * numbers.timeStep
    calc.step = step
  } else {
    const iterations =
      meta.bigArchive?.scfSteps ?? (meta.workflow === 'single_point' ? rng.int(8, 16) : 3)
    calc.scf_iteration = Array.from({ length: iterations }, (_, k) => {
      const value = energy + (iterations - k) ** 2 * 0.003 * EV
      return {
        energy: {
          total: { value },
          free: { value: value - 0.001 * EV },
          total_t0: { value: value - 0.0005 * EV },
          xc: { value: value * 0.31 },
          correction_hartree: { value: value * 0.02 },
        },
      }
    })
  }
  const final = step === (eos ? 6 : meta.steps - 1)
  if (meta.workflow === 'single_point' && numbers.gap > 0) {
    calc.band_gap = [{ value: numbers.gap, type: numbers.gapType }]
  }
  const size = meta.bigArchive?.spectra ?? DEFAULT_SPECTRA
  if ((meta.workflow === 'single_point' && final) || meta.bigArchive) {
    const base = baseStructure(meta.materialIndex, meta.supercell)
    calc.eigenvalues = [eigenvalues(numbers, size)]
    calc.dos_electronic = [dos(numbers, size, meta.seed, false)]
    if (final) calc.band_structure_electronic = [bandStructureElectronic(base, numbers, size)]
  }
  if (eos && final) {
    calc.dos_phonon = [dos(numbers, size, meta.seed, true)]
    calc.band_structure_phonon = [bandStructurePhonon(numbers, size)]
  }
  return calc
}

/** Temperature (K) and pressure (Pa) of an MD frame: a seeded wobble around the set point. */
export function thermostat(meta: EntryMeta, step: number): [number, number] {
  const t0 = entryNumbers(meta).temperature
  const phase = (meta.seed % 97) / 10
  const temperature = t0 + 25 * Math.sin(step * 0.37 + phase) * Math.cos(step * 0.011)
  const pressure = 1e8 * Math.sin(step * 0.23 + phase * 2)
  return [Number(temperature.toFixed(3)), Number(pressure.toPrecision(6))]
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
  const worker = `${(meta.seed % 65536).toString(16).padStart(4, '0')}-worker`
  // The system normalizer reports the sizes it read (strings, as the real logs carry them).
  const sizes = { input_size: String(meta.supercell * 8), system_size: String(meta.supercell * 8) }
  return events.map(([level, event, extra], i) => ({
    ...extra,
    ...(extra.normalizer === 'SystemNormalizer' ? sizes : {}),
    process_worker_id: worker,
    event,
    proc: 'Entry',
    process: 'process_entry',
    parser,
    logger: 'nomad.processing',
    timestamp: logTime(startMs + i * 300),
    level,
  }))
}
