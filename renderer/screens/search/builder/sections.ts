/**
 * What each builder section offers. A section input edits the root-level criterion of its kind
 * and quantity; every other root criterion (and every group) is shown under "Advanced", so the
 * same criterion never appears twice.
 */
import type { BuilderNode } from '../model'

export const Q = {
  structuralType: 'results.material.structural_type',
  crystalSystem: 'results.material.symmetry.crystal_system',
  functionalType: 'results.material.functional_type',
  nElements: 'results.material.n_elements',
  method: 'results.method.method_name',
  program: 'results.method.simulation.program_name',
  xcType: 'results.method.simulation.dft.xc_functional_type',
  basisSet: 'results.method.simulation.dft.basis_set_type',
  bandGap: 'results.properties.electronic.band_gap.value',
  properties: 'results.properties.available_properties',
  authors: 'authors.name',
  uploadTime: 'upload_create_time',
  publishTime: 'publish_time',
} as const

export const TERMS_BY_SECTION = {
  material: [Q.structuralType, Q.crystalSystem, Q.functionalType],
  method: [Q.method, Q.program, Q.xcType, Q.basisSet],
  properties: [Q.properties],
} as const

export const RANGES_BY_SECTION = {
  material: [Q.nElements],
  properties: [Q.bandGap],
} as const

export const DATES = [Q.uploadTime, Q.publishTime] as const

const TERMS = new Set<string>(Object.values(TERMS_BY_SECTION).flat())
const RANGES = new Set<string>(Object.values(RANGES_BY_SECTION).flat())
const DATE_SET = new Set<string>(DATES)

/** The facets the builder shows counts for: one aggregation request for all of them. */
export const FACET_QUANTITIES = ['results.material.elements', ...TERMS]

/** Whether a root-level node is edited by a section (true) or listed under Advanced. */
export function isSectionNode(
  node: BuilderNode,
  firstOfKind: (node: BuilderNode) => boolean,
): boolean {
  if (!firstOfKind(node)) return false
  switch (node.kind) {
    case 'elements':
    case 'optimade':
      return true
    case 'author':
      return node.quantity === Q.authors
    case 'terms':
      return TERMS.has(node.quantity)
    case 'range':
      return RANGES.has(node.quantity)
    case 'date':
      return DATE_SET.has(node.quantity)
    case 'generic':
    case 'raw':
    case 'group':
      return false
  }
}
