import type { DocumentSource, SharedPart } from '../source'

/**
 * A small in-memory document source for the engine's tests, unrelated to the sandbox's
 * DataStore: entry-like documents whose material, method, property and upload sub-objects are
 * shared by identity (as an interning store has them), numbered ids, and a version bumped by
 * `editUpload`, so memoisation and cache invalidation can be checked without the sandbox.
 */

type Doc = Record<string, unknown>

const J_PER_EV = 1.602176634e-19

const MATERIALS = [
  { elements: ['O', 'Ti'], formula: 'TiO2', crystal: 'tetragonal', type: 'bulk' },
  { elements: ['Si'], formula: 'Si', crystal: 'cubic', type: 'bulk' },
  { elements: ['C'], formula: 'C', crystal: 'hexagonal', type: '2D' },
  { elements: ['Ba', 'O', 'Ti'], formula: 'BaTiO3', crystal: 'cubic', type: 'bulk' },
  { elements: ['Ga', 'N'], formula: 'GaN', crystal: 'hexagonal', type: 'bulk' },
  { elements: ['H', 'O'], formula: 'H2O', crystal: 'triclinic', type: 'molecule / cluster' },
].map((m) => ({
  elements: m.elements,
  n_elements: m.elements.length,
  chemical_formula_reduced: m.formula,
  symmetry: { crystal_system: m.crystal },
  structural_type: m.type,
}))

const METHODS = ['VASP', 'FHI-aims', 'exciting', 'Quantum Espresso'].map((program) => ({
  simulation: { program_name: program },
}))

const ELECTRONIC = [0.5, 1.1, 2.2, 3.4, 5.6].map((ev) => ({
  band_gap: [{ value: ev * J_PER_EV, type: 'direct' }],
}))

const GEOMETRY = [1e-23, 5e-23, 2e-22, 7e-21].map((joule) => ({
  final_energy_difference: joule,
}))

const USERS = [
  { user_id: 'u-lena', name: 'Lena Hoffmann' },
  { user_id: 'u-omar', name: 'Omar Haddad' },
  { user_id: 'u-mei', name: 'Mei Chen' },
]

export interface SampleUpload {
  upload_id: string
  upload_create_time: string
  published: boolean
  authors: { user_id: string; name: string }[]
  viewers: { user_id: string; name: string }[]
}

export interface SampleSource extends DocumentSource {
  readonly docs: Doc[]
  readonly uploads: SampleUpload[]
  /** Replaces an upload's fields (new shared object) in all its documents; bumps the version. */
  editUpload(upload: number, patch: Partial<SampleUpload>): void
  /** Documents of an upload. */
  docsOf(upload: number): number[]
}

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(rng: () => number, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)] as T
}

const part = (name: string, of: (doc: Doc) => unknown): SharedPart => ({
  name,
  covers: (path) => path.startsWith(`${name}.`),
  of,
})
const results = (d: Doc) => d.results as Record<string, Doc>
const UPLOAD_FIELDS = new Set([
  'upload_id',
  'upload_create_time',
  'published',
  'authors',
  'viewers',
])

export const SAMPLE_PARTS: readonly SharedPart[] = [
  part('results.material', (d) => results(d).material),
  part('results.method', (d) => results(d).method),
  part('results.properties.electronic', (d) => results(d).properties?.electronic),
  part(
    'results.properties.geometry_optimization',
    (d) => results(d).properties?.geometry_optimization,
  ),
  part('results.properties', (d) => results(d).properties),
  {
    name: 'upload',
    covers: (path) => UPLOAD_FIELDS.has(path.split('.')[0] ?? path),
    of: (d) => d.authors,
  },
]

export function sampleSource(size: number, seed: number): SampleSource {
  const rng = random(seed)
  const uploads: SampleUpload[] = Array.from({ length: 8 }, (_, k) => {
    const authors = [pick(rng, USERS), ...(rng() < 0.5 ? [pick(rng, USERS)] : [])]
    return {
      upload_id: `upload-${k}`,
      upload_create_time: `20${19 + (k % 5)}-0${1 + (k % 9)}-15T10:00:00+00:00`,
      published: rng() < 0.7,
      authors,
      viewers: [...authors],
    }
  })
  const propertySets = new Map<string, Doc>()
  const uploadOf: number[] = []
  const docs: Doc[] = []
  for (let i = 0; i < size; i++) {
    const material = pick(rng, MATERIALS)
    const method = pick(rng, METHODS)
    const electronic = rng() < 0.6 ? pick(rng, ELECTRONIC) : undefined
    const geometry = rng() < 0.5 ? pick(rng, GEOMETRY) : undefined
    const steps = 1 + Math.floor(rng() * 20)
    const key = `${ELECTRONIC.indexOf(electronic as never)}|${GEOMETRY.indexOf(geometry as never)}|${steps}`
    let properties = propertySets.get(key)
    if (!properties) {
      properties = { n_calculations: steps }
      if (electronic) properties.electronic = electronic
      if (geometry) properties.geometry_optimization = geometry
      propertySets.set(key, properties)
    }
    const upload = Math.floor(rng() * uploads.length)
    uploadOf.push(upload)
    const program = method.simulation.program_name
    docs.push({
      entry_id: `${Math.floor(rng() * 1e9).toString(36)}-${i}`,
      entry_name: `${material.chemical_formula_reduced} ${program}`,
      mainfile: `calc-${i}/${program.toLowerCase()}.out`,
      ...uploads[upload],
      results: { material, method, properties },
    })
  }
  let version = 0
  return {
    docs,
    uploads,
    get size() {
      return docs.length
    },
    get version() {
      return version
    },
    doc: (index) => docs[index] as Doc,
    id: (index) => String(docs[index]?.entry_id),
    sharedParts: SAMPLE_PARTS,
    docsOf: (upload) => uploadOf.flatMap((u, i) => (u === upload ? [i] : [])),
    editUpload(upload, patch) {
      const old = uploads[upload] as SampleUpload
      // A new shared object, as an interning store makes one: its authors list is fresh too.
      const fields = { ...old, ...patch, authors: [...(patch.authors ?? old.authors)] }
      uploads[upload] = fields
      uploadOf.forEach((u, i) => {
        if (u === upload) Object.assign(docs[i] as Doc, fields)
      })
      version++
    },
  }
}
