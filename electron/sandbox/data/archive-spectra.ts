import type { EntryNumbers } from './entry-numbers'
import type { SpectraSize } from './records'
import { EV } from './programs'
import { Rng } from './rng'
import type { Structure } from './structure'

/**
 * Electronic and vibrational spectra of a calculation (facts §11 shapes, run.calculation):
 * eigenvalues, DOS and band structure with reciprocal cell and k-path segments, phonon DOS and
 * band structure. Plausible, smooth curves from the seed, cheap to make; `size` scales the
 * arrays for the big-archive fixture. Energies in J, reciprocal lengths in 1/m.
 */

export const DEFAULT_SPECTRA: SpectraSize = { dosPoints: 301, kpointsPerSegment: 20, bands: 8 }

/** A k-path through high-symmetry points (fcc-like labels; fine for a demo). */
const PATH: [string, number[]][] = [
  ['Γ', [0, 0, 0]],
  ['X', [0.5, 0, 0.5]],
  ['W', [0.5, 0.25, 0.75]],
  ['K', [0.375, 0.375, 0.75]],
  ['Γ', [0, 0, 0]],
  ['L', [0.5, 0.5, 0.5]],
]

const round = (value: number, digits = 6) => Number(value.toPrecision(digits))

/** 2π times the inverse transpose of the lattice (rows are vectors), in 1/m. */
export function reciprocalCell(lattice: number[][]): number[][] {
  const [a = [1, 0, 0], b = [0, 1, 0], c = [0, 0, 1]] = lattice
  const cross = (u: number[], v: number[]) => [
    (u[1] ?? 0) * (v[2] ?? 0) - (u[2] ?? 0) * (v[1] ?? 0),
    (u[2] ?? 0) * (v[0] ?? 0) - (u[0] ?? 0) * (v[2] ?? 0),
    (u[0] ?? 0) * (v[1] ?? 0) - (u[1] ?? 0) * (v[0] ?? 0),
  ]
  const bc = cross(b, c)
  const volume =
    (a[0] ?? 0) * (bc[0] ?? 0) + (a[1] ?? 0) * (bc[1] ?? 0) + (a[2] ?? 0) * (bc[2] ?? 0)
  const scale = (2 * Math.PI) / (volume || 1)
  return [bc, cross(c, a), cross(a, b)].map((row) => row.map((x) => round(x * scale)))
}

/** Band energy of band `n` at fraction `t` of the path: a cosine band around the gap. */
function bandEnergy(n: number, bands: number, t: number, numbers: EntryNumbers): number {
  const occupied = Math.floor(bands / 2)
  const width = (1.5 + (n % 3) * 0.4) * EV
  const phase = Math.cos(Math.PI * 2 * t * (1 + (n % 2)))
  if (n < occupied) {
    const top = numbers.fermi - (occupied - 1 - n) * 0.9 * EV
    return round(top - width * (1 - phase) * 0.5)
  }
  const bottom = numbers.fermi + numbers.gap + (n - occupied) * 0.8 * EV
  return round(bottom + width * (1 - phase) * 0.5)
}

function segments(numbers: EntryNumbers, size: SpectraSize, phonon: boolean) {
  const out: Record<string, unknown>[] = []
  const total = PATH.length - 1
  for (let s = 0; s < total; s++) {
    const [startLabel, start] = PATH[s] ?? ['Γ', [0, 0, 0]]
    const [endLabel, end] = PATH[s + 1] ?? ['Γ', [0, 0, 0]]
    const n = size.kpointsPerSegment
    const kpoints = Array.from({ length: n }, (_, k) =>
      start.map((x, i) => round(x + ((end[i] ?? 0) - x) * (k / (n - 1)), 4)),
    )
    const energies = [
      kpoints.map((_, k) => {
        const t = (s + k / (n - 1)) / total
        return Array.from({ length: size.bands }, (_, b) =>
          phonon
            ? round(Math.abs(Math.sin(Math.PI * t * (b + 1))) * (b + 1) * 0.008 * EV)
            : bandEnergy(b, size.bands, t, numbers),
        )
      }),
    ]
    out.push({ kpoints, endpoints_labels: [startLabel, endLabel], energies })
  }
  return out
}

export function bandStructureElectronic(
  structure: Structure,
  numbers: EntryNumbers,
  size: SpectraSize,
): Record<string, unknown> {
  return {
    reciprocal_cell: reciprocalCell(structure.lattice),
    segment: segments(numbers, size, false),
  }
}

export function bandStructurePhonon(numbers: EntryNumbers, size: SpectraSize) {
  return { segment: segments(numbers, { ...size, bands: 3 * 2 }, true) }
}

/** A DOS with a gap around the Fermi level (electrons) or a Debye-like curve (phonons). */
export function dos(
  numbers: EntryNumbers,
  size: SpectraSize,
  seed: number,
  phonon: boolean,
): Record<string, unknown> {
  const rng = new Rng(seed ^ (phonon ? 0x70d05 : 0xd05))
  const n = size.dosPoints
  const low = phonon ? 0 : numbers.fermi - 10 * EV
  const high = phonon ? 0.1 * EV : numbers.fermi + 5 * EV
  const energies = Array.from({ length: n }, (_, i) => round(low + ((high - low) * i) / (n - 1)))
  const peaks = Array.from({ length: 6 }, () => rng.float(0, 1))
  const value = energies.map((e) => {
    const x = (e - low) / (high - low)
    if (!phonon && e > numbers.fermi && e < numbers.fermi + numbers.gap) return 0
    const shape = peaks.reduce((sum, p) => sum + Math.exp(-(((x - p) / 0.04) ** 2)), 0)
    return round((phonon ? x * x * 4 + shape : shape + 0.2) * (1 / EV) * 0.5)
  })
  const total: Record<string, unknown> = { normalization_factor: round(1 / numbers.nAtoms), value }
  return { energies, total: [phonon ? total : { spin: 0, ...total }] }
}

export function eigenvalues(numbers: EntryNumbers, size: SpectraSize): Record<string, unknown> {
  const kpoints = PATH.slice(0, 4).map(([, k]) => k)
  const occupied = Math.floor(size.bands / 2)
  const energies = [
    kpoints.map((_, k) =>
      Array.from({ length: size.bands }, (_, b) => bandEnergy(b, size.bands, k / 4, numbers)),
    ),
  ]
  const occupations = [
    kpoints.map(() => Array.from({ length: size.bands }, (_, b) => (b < occupied ? 2 : 0))),
  ]
  return { kpoints, occupations, energies }
}
