import { cached } from './cached'
import { CAMPAIGNS, materialSlug, type Campaign } from './campaigns'
import { GROUP_ALL, GROUP_IDS } from './groups'
import { shortUuid } from './ids'
import { atomCount, hill } from './formula'
import { materialParts } from './material-parts'
import { MATERIALS } from './materials'
import type { DatasetRecord, EntryMeta, UploadRecord } from './model'
import { FUNCTIONALS, PROGRAMS, type WorkflowKind } from './programs'
import { flat } from './flat'
import { Rng, seedFor } from './rng'
import { DATA_END_MS, DATA_START_MS, DAY_MS, mongoTime } from './time'
import { CAST } from './users'

/**
 * Builds the upload and entry skeleton of the demo data set from a seed: who owns and shares
 * what, which entries exist and how they relate. Entry documents (entry-doc.ts), archives and
 * raw files are derived from this skeleton.
 */

export interface GenerateOptions {
  entries: number
  uploads?: number
  seed: number
}

export interface GeneratedData {
  uploads: UploadRecord[]
  metas: EntryMeta[]
  datasets: DatasetRecord[]
}

type Owner = 'lena' | 'omar' | 'mei' | 'paul' | 'community'
type Publication = 'public' | 'embargoed' | 'staging'

interface Pattern {
  owner: Owner
  publication: Publication
  coauthors?: string[]
  reviewers?: string[]
  coauthorGroups?: string[]
  reviewerGroups?: string[]
  communityIndex?: number
}

/** The first uploads always cover every sharing case, so small test data sets have them all. */
const HEAD: Pattern[] = [
  { owner: 'lena', publication: 'public', coauthors: ['omar'], reviewers: ['mei'] },
  { owner: 'lena', publication: 'embargoed', coauthors: ['omar'] },
  { owner: 'lena', publication: 'staging', coauthors: ['omar'], reviewers: ['mei'] },
  { owner: 'lena', publication: 'staging', coauthorGroups: [GROUP_IDS.hoffmannLab] },
  { owner: 'omar', publication: 'staging', reviewerGroups: [GROUP_ALL] },
  { owner: 'mei', publication: 'public', reviewers: ['lena'] },
  { owner: 'lena', publication: 'embargoed', reviewerGroups: [GROUP_IDS.catalysis] },
  { owner: 'paul', publication: 'staging' },
  { owner: 'community', publication: 'public', communityIndex: 0 },
  { owner: 'community', publication: 'embargoed', communityIndex: 1 },
  { owner: 'community', publication: 'staging', communityIndex: 2 },
]

function userIdOf(owner: Exclude<Owner, 'community'>): string {
  return CAST[owner].user_id
}

function randomPattern(rng: Rng): Pattern {
  const owner = rng.weighted<Owner>([
    ['lena', 45],
    ['community', 40],
    ['omar', 10],
    ['mei', 5],
  ])
  const publication = rng.weighted<Publication>([
    ['public', 60],
    ['embargoed', 15],
    ['staging', 25],
  ])
  const pattern: Pattern = { owner, publication }
  if (owner === 'lena') {
    if (rng.chance(0.5)) pattern.coauthors = ['omar']
    if (rng.chance(0.3)) pattern.reviewers = ['mei']
    if (rng.chance(0.15)) pattern.coauthorGroups = [GROUP_IDS.hoffmannLab]
    if (rng.chance(0.05)) pattern.reviewerGroups = [GROUP_ALL]
  } else if (owner === 'community') {
    pattern.communityIndex = rng.int(0, CAST.community.length - 1)
  } else if (rng.chance(0.4)) {
    pattern.coauthors = ['lena']
  }
  return pattern
}

function resolveIds(names: string[] | undefined): string[] {
  return (names ?? []).map((name) => CAST[name as Exclude<Owner, 'community'>].user_id)
}

/** Upload sizes: a skewed spread (a few big uploads, many small), summing to `entries`. */
function uploadSizes(rng: Rng, uploads: number, entries: number): number[] {
  const weights = Array.from({ length: uploads }, () => Math.exp(rng.float(-1.3, 1.3)))
  const sum = weights.reduce((a, b) => a + b, 0)
  const sizes = weights.map((w) => Math.max(1, Math.floor((w / sum) * entries)))
  let remaining = entries - sizes.reduce((a, b) => a + b, 0)
  for (let i = 0; remaining !== 0; i = (i + 1) % uploads) {
    const size = sizes[i] ?? 1
    if (remaining > 0) {
      sizes[i] = size + 1
      remaining--
    } else if (size > 1) {
      sizes[i] = size - 1
      remaining++
    }
  }
  return sizes
}

export function generateData(options: GenerateOptions): GeneratedData {
  const entries = Math.max(1, Math.floor(options.entries))
  const uploadCount = Math.min(
    entries,
    Math.max(1, Math.floor(options.uploads ?? Math.max(HEAD.length, Math.round(entries / 33)))),
  )
  const rng = new Rng(seedFor(options.seed, 'layout'))
  const sizes = uploadSizes(rng, uploadCount, entries)
  const span = DATA_END_MS - DATA_START_MS
  const uploads: UploadRecord[] = []
  const metas: EntryMeta[] = []

  for (let u = 0; u < uploadCount; u++) {
    const urng = new Rng(seedFor(options.seed, 'upload', u))
    const pattern = HEAD[u] ?? randomPattern(urng)
    const campaign = CAMPAIGNS[u === 0 ? 0 : urng.int(0, CAMPAIGNS.length - 1)] ?? CAMPAIGNS[0]
    if (!campaign) throw new Error('no campaigns')
    // Each community has its codes: molecules run in FHI-aims or CP2K, slabs in VASP or GPAW.
    const programIndex = urng.weighted(
      campaign.programs.map(([name, weight]) => [programByName(name), weight] as const),
    )
    // Upload times grow with the index, with jitter, like a real repository's history.
    const createMs =
      DATA_START_MS + Math.floor(((u + urng.float(0, 0.9)) / uploadCount) * span * 0.97)
    const mainAuthor =
      pattern.owner === 'community'
        ? (CAST.community[pattern.communityIndex ?? 0] ?? CAST.lena).user_id
        : userIdOf(pattern.owner)
    const published = pattern.publication !== 'staging'
    const embargoed = pattern.publication === 'embargoed'
    const upload: UploadRecord = {
      index: u,
      seed: seedFor(options.seed, 'upload-seed', u),
      upload_id: shortUuid(options.seed, 'upload', u),
      upload_name: '',
      createMs,
      main_author: mainAuthor,
      coauthors: resolveIds(pattern.coauthors),
      reviewers: resolveIds(pattern.reviewers),
      coauthor_groups: pattern.coauthorGroups ?? [],
      reviewer_groups: pattern.reviewerGroups ?? [],
      published,
      embargo_length: embargoed ? urng.pick([6, 12, 24, 36]) : 0,
      with_embargo: embargoed,
      license: 'CC BY 4.0',
      entryStart: metas.length,
      entryCount: sizes[u] ?? 1,
      datasetIndices: [],
      campaign: campaign.slug,
      programIndex,
    }
    if (published) upload.publishMs = createMs + urng.int(1, 60) * DAY_MS
    uploads.push(upload)
    const chosen = addEntries(upload, campaign.materialIndices, urng, metas)
    upload.upload_name = uploadName(campaign, chosen, urng)
  }
  markLargeItems(uploads, metas)
  return { uploads, metas, datasets: makeDatasets(options.seed, uploads) }
}

/** Per material, computed once: generation runs per entry and must stay fast at 100 000. */
const FORMULAS = MATERIALS.map((m) => hill(m.composition))
const ATOMS = MATERIALS.map((m) => atomCount(m.composition))
const SLUGS = MATERIALS.map((_, i) => materialSlug(i))
/** Per material, the number of its folder name: materials that share a name share folders. */
const SLUG_NUMBERS = (() => {
  const numbers = new Map<string, number>()
  return SLUGS.map((slug) => cached(numbers, slug, () => numbers.size))
})()
const FUNCTIONAL_WEIGHTS = FUNCTIONALS.map((f, i) => [i, f.weight] as const)
const FOLDER_PREFIXES = {
  single_point: 'scf',
  geometry_optimization: 'relax',
  molecular_dynamics: 'md',
}
const WORKFLOW_CODES = { single_point: 0, geometry_optimization: 1, molecular_dynamics: 2 }
const GW_PROGRAMS = new Set(['exciting', 'FHI-aims', 'VASP', 'Quantum ESPRESSO'])

function programByName(name: string): number {
  const index = PROGRAMS.findIndex((p) => p.name === name)
  if (index < 0) throw new Error(`unknown program ${name}`)
  return index
}

/** Upload names as people write them: a theme, sometimes a material, a batch or a year. */
function uploadName(campaign: Campaign, chosen: number[], rng: Rng): string {
  // "CO/Pt" (an adsorbate on a slab) names the slab.
  const material = (MATERIALS[chosen[0] ?? 0]?.descriptive ?? 'X').split('/').pop() ?? 'X'
  const base = rng.pick(campaign.names).replace('{m}', material)
  return rng.weighted<string>([
    [base, 5],
    [`${base}, batch ${rng.int(2, 9)}`, 2],
    [`${base} (revised)`, 1],
    [`${base}: convergence tests`, 1],
  ])
}

/** Returns the materials the upload covers, in entry order. */
function addEntries(
  upload: UploadRecord,
  materials: number[],
  rng: Rng,
  metas: EntryMeta[],
): number[] {
  const uploadFunctional = rng.weighted(FUNCTIONAL_WEIGHTS)
  const nested = rng.chance(0.4)
  // A campaign studies many materials with a few calculations each (relaxation, then single
  // points or MD), as real screening uploads do: about two to three entries per material.
  const perMaterial = rng.float(1.6, 3)
  const wanted = Math.max(1, Math.ceil(upload.entryCount / perMaterial))
  // Polymorphs share a formula; one of each per upload keeps a page's rows distinguishable.
  const seen = new Set<string>()
  // Some uploads are GW studies: quasi-particle gaps of semiconductors and insulators, in the
  // codes that have GW (exciting, FHI-aims, VASP, Quantum ESPRESSO via Yambo).
  const gwShare =
    GW_PROGRAMS.has(PROGRAMS[upload.programIndex]?.name ?? '') && rng.chance(0.25) ? 0.5 : 0
  const chosen = rng
    .sample(materials, Math.ceil(wanted * 1.3))
    .filter((m) => {
      const formula = FORMULAS[m] ?? ''
      if (seen.has(formula)) return false
      seen.add(formula)
      return true
    })
    .slice(0, wanted)
  // Per material: the entry index of its geometry optimisation; per folder (name and
  // workflow, as a number: SLUG_NUMBERS), a counter for its subfolders' names.
  const relaxOf = new Map<number, number>()
  const counter = new Map<number, number>()
  for (let i = 0; i < upload.entryCount; i++) {
    const index = metas.length
    const materialIndex = chosen[i % chosen.length] ?? 0
    const relaxed = relaxOf.get(materialIndex)
    let workflow: WorkflowKind = 'geometry_optimization'
    if (relaxed !== undefined) workflow = rng.chance(0.12) ? 'molecular_dynamics' : 'single_point'
    const functionalIndex = rng.chance(0.7) ? uploadFunctional : rng.weighted(FUNCTIONAL_WEIGHTS)
    const short = FOLDER_PREFIXES[workflow]
    // Keyed by folder, not material: two materials with one folder name must not share a path.
    const slug = SLUGS[materialIndex] ?? 'material'
    const folderKey = (SLUG_NUMBERS[materialIndex] ?? -1) * 3 + WORKFLOW_CODES[workflow]
    const n = (counter.get(folderKey) ?? 0) + 1
    counter.set(folderKey, n)
    const functional = FUNCTIONALS[functionalIndex]?.label ?? 'PBE'
    // One concatenation, no array of parts per entry.
    const folder = nested
      ? `${upload.campaign}/${slug}/${functional}`
      : `${upload.campaign}/${slug}`
    const meta: EntryMeta = {
      index,
      uploadIndex: upload.index,
      seed: seedFor(upload.seed, 'entry', i),
      materialIndex,
      programIndex: upload.programIndex,
      functionalIndex,
      workflow,
      dir: flat(`${folder}/${short}_${n < 10 ? '0' : ''}${n}`),
      steps:
        workflow === 'single_point'
          ? 1
          : workflow === 'geometry_optimization'
            ? rng.int(4, 30)
            : rng.int(20, 120),
      // Supercells only of small cells: a 2×2×2 of a 100-atom cell would be a huge archive.
      supercell:
        MATERIALS[materialIndex]?.structuralType === 'bulk' &&
        (ATOMS[materialIndex] ?? 0) <= 24 &&
        rng.chance(0.2)
          ? 2
          : 1,
      largeArchive: false,
      largeFile: false,
      images: rng.chance(0.3),
      legacyWorkflow: workflow !== 'molecular_dynamics' && rng.chance(0.2),
    }
    if (
      workflow === 'single_point' &&
      gwShare > 0 &&
      (MATERIALS[materialIndex]?.gap ?? 0) > 0 &&
      rng.chance(gwShare)
    )
      meta.gw = true
    if (relaxed !== undefined) meta.inputEntry = relaxed
    else relaxOf.set(materialIndex, index)
    metas.push(meta)
  }
  return chosen
}

/**
 * A few entries get a ≥ 20 MB archive (long MD trajectory of a supercell) and a few leave a
 * large binary file. The first of each is in the first (public) upload so that every data set
 * has a public example; the rest are spread evenly.
 */
function markLargeItems(uploads: UploadRecord[], metas: EntryMeta[]): void {
  const pick = (count: number, offset: number): number[] => {
    const first = uploads[0]
    const out = new Set<number>()
    if (first) out.add(first.entryStart + Math.min(first.entryCount - 1, offset))
    for (let k = 1; out.size < Math.min(count, metas.length) && k < count * 4; k++) {
      out.add(Math.floor(((k + offset * 0.1) / count) * metas.length) % metas.length)
    }
    return [...out]
  }
  for (const index of pick(Math.max(3, Math.round(metas.length / 5000)), 1)) {
    const meta = metas[index]
    if (!meta) continue
    meta.workflow = 'molecular_dynamics'
    meta.largeArchive = true
    meta.legacyWorkflow = false
    meta.supercell = 4
    // ≥ 20 MB of indented JSON: each atom of each frame costs ~350 bytes (positions + forces).
    const atoms = atomCount(materialParts(meta.materialIndex, 4).composition)
    meta.steps = Math.max(20, Math.ceil(25e6 / (atoms * 350)))
  }
  for (const index of pick(Math.max(2, Math.round(metas.length / 1000)), 2)) {
    const meta = metas[index]
    if (meta) meta.largeFile = true
  }
}

function makeDatasets(seed: number, uploads: UploadRecord[]): DatasetRecord[] {
  const datasets: DatasetRecord[] = []
  const rng = new Rng(seedFor(seed, 'datasets'))
  let doiCounter = 0
  for (const upload of uploads) {
    const wanted = upload.index === 0 || rng.chance(upload.published ? 0.3 : 0.15)
    if (!wanted) continue
    const createMs = (upload.publishMs ?? upload.createMs) + DAY_MS
    const date = new Date(createMs).toISOString().slice(0, 10).replace(/-/g, '.')
    const dataset: DatasetRecord = {
      dataset_id: shortUuid(seed, 'dataset', upload.index),
      dataset_name: `${upload.upload_name} data set ${datasets.length + 1}`,
      user_id: upload.main_author,
      dataset_create_time: mongoTime(createMs),
      dataset_modified_time: mongoTime(createMs + DAY_MS),
      dataset_type: 'owned',
      uploadIndices: [upload.index],
    }
    if (upload.published && (upload.index === 0 || rng.chance(0.7))) {
      doiCounter++
      dataset.doi = `10.17172/NOMAD/${date}-${doiCounter}`
      dataset.pid = String(1000 + doiCounter)
    }
    upload.datasetIndices.push(datasets.length)
    datasets.push(dataset)
  }
  return datasets
}
