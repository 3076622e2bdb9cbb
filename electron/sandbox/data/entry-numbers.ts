import { materialParts } from './material-parts'
import { MATERIALS } from './materials'
import type { EntryMeta } from './model'
import { EV, FUNCTIONALS } from './programs'
import { Rng } from './rng'

/**
 * Physical numbers of one entry, derived from its seed, used by both the search document and
 * the archive so that the two agree (the band gap in results is the one in the archive).
 */
export interface EntryNumbers {
  nAtoms: number
  /** Band gap in J (0 for metals). */
  gap: number
  gapType: 'direct' | 'indirect'
  /** Total energy of the final step in J. */
  energy: number
  fermi: number
  /** Geometry optimisation convergence figures (SI); 0 for other workflows. */
  finalEnergyDifference: number
  finalForceMaximum: number
  finalDisplacementMaximum: number
  temperature: number
  timeStep: number
}

/** Semi-local functionals underestimate gaps; hybrids come close to experiment. */
const GAP_FACTOR: Record<string, number> = { LDA: 0.55, GGA: 0.6, 'meta-GGA': 0.75, hybrid: 0.95 }

/**
 * Two significant digits: search values repeat, so entry documents can share objects. The same
 * double as `Number(value.toPrecision(2))` without its string round trip (three per geometry
 * optimisation at start, ~40 ms at 100 000 entries): the two leading digits as an integer,
 * scaled back by an exact power of ten, so that the result is rounded once, like a parse.
 */
export function coarse(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return Number(value.toPrecision(2))
  // Two digits before the point; log10 may be one off next to a power of ten.
  let exponent = Math.floor(Math.log10(value)) - 1
  let scaled = shift(value, exponent)
  if (scaled >= 100) scaled = shift(value, ++exponent)
  else if (scaled < 10) scaled = shift(value, --exponent)
  // Near a tie the scaled value's own rounding may decide it: 9.95 is 9.9499…, scaled 99.5.
  const tie = Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-9
  if (tie || Math.abs(exponent) > 22) return Number(value.toPrecision(2))
  const digits = Math.round(scaled)
  return exponent < 0 ? digits / 10 ** -exponent : digits * 10 ** exponent
}

/** value / 10^exponent, multiplying by an exact power of ten where the exponent is negative. */
function shift(value: number, exponent: number): number {
  return exponent < 0 ? value * 10 ** -exponent : value / 10 ** exponent
}

export function entryNumbers(meta: EntryMeta): EntryNumbers {
  const rng = new Rng(meta.seed ^ 0x6e756d)
  const material = MATERIALS[meta.materialIndex]
  const functional = FUNCTIONALS[meta.functionalIndex]
  const nAtoms = materialParts(meta.materialIndex, meta.supercell).nAtoms
  // G0W0 corrects the semi-local underestimate: quasi-particle gaps near experiment.
  const factor = meta.gw ? 1 : (GAP_FACTOR[functional?.type ?? 'GGA'] ?? 0.6)
  const gapEv = (material?.gap ?? 0) * factor
  // Rounded only where used (toPrecision is slow); the draws happen alike, keeping the sequence.
  const go = meta.workflow === 'geometry_optimization' ? coarse : () => 0
  return {
    nAtoms,
    gap: gapEv > 0 ? (Math.round(gapEv * rng.float(0.95, 1.05) * 100) / 100) * EV : 0,
    gapType: material?.gapType ?? 'indirect',
    energy: -nAtoms * rng.float(3.5, 8.5) * EV,
    fermi: rng.float(-2, 8) * EV,
    finalEnergyDifference: go(rng.float(1e-6, 1e-3)) * EV,
    finalForceMaximum: go(rng.float(1e-3, 5e-2)) * EV * 1e10,
    finalDisplacementMaximum: go(rng.float(1e-4, 1e-2)) * 1e-10,
    temperature: rng.pick([300, 500, 800, 1200]),
    timeStep: rng.pick([0.5, 1, 2]) * 1e-15,
  }
}
