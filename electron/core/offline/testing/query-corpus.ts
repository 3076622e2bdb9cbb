/**
 * A corpus of entry searches for the offline differential test: every operator of the query
 * language (equality, any/all/none, ranges, and/or/not, prefix, OPTIMADE), sorts on several
 * quantities in both directions, cursors into later pages and terms aggregations with and
 * without exclude_from_search. Values are taken from the documents themselves, so each query
 * selects something on any seed.
 */

type Json = Record<string, unknown>

export interface CorpusSearch {
  name: string
  query: Json
  order_by: string
  order: 'asc' | 'desc'
  page_size: number
}

/**
 * Sorts of every kind of value: ids, dates, integers, strings, a boolean and a quantity many
 * entries lack (space group numbers: missing values sort last both ways). Each is used in
 * both directions (queryCorpus alternates them).
 */
export const CORPUS_SORTS = [
  'entry_id',
  'upload_create_time',
  'results.material.n_elements',
  'results.material.chemical_formula_reduced',
  'results.method.simulation.program_name',
  'entry_create_time',
  'published',
  'results.material.symmetry.space_group_number',
]

function get(doc: Json, path: string): unknown {
  let at: unknown = doc
  for (const part of path.split('.')) at = (at as Json | undefined)?.[part]
  return at
}

function distinct(docs: Json[], path: string): unknown[] {
  const seen = new Map<string, unknown>()
  for (const doc of docs) {
    const value = get(doc, path)
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined && one !== null) seen.set(JSON.stringify(one), one)
  }
  return [...seen.values()].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
}

export function queryCorpus(docs: Json[]): CorpusSearch[] {
  const elements = distinct(docs, 'results.material.elements') as string[]
  const programs = distinct(docs, 'results.method.simulation.program_name') as string[]
  const formulas = distinct(docs, 'results.material.chemical_formula_reduced') as string[]
  const crystals = distinct(docs, 'results.material.symmetry.crystal_system') as string[]
  const times = distinct(docs, 'upload_create_time') as string[]
  const middle = times[Math.floor(times.length / 2)] ?? '2021-01-01'
  const pick = <T>(list: T[], i: number) => list[i % Math.max(list.length, 1)] as T
  const queries: [string, Json][] = [
    ['everything', {}],
    ['published', { published: true }],
    ['not published', { published: false }],
    ['middle time or later', { 'upload_create_time:gte': middle }],
    ['before middle time', { 'upload_create_time:lt': middle }],
    ['range object', { upload_create_time: { gt: times[1], lte: middle } }],
    ['after the second time', { 'upload_create_time:gt': times[1] }],
    ['n_elements ≤ 2', { 'results.material.n_elements:lte': 2 }],
    ['n_elements ≥ 3', { 'results.material.n_elements:gte': 3 }],
    ['n_elements in 1..2', { 'results.material.n_elements': { gte: 1, lte: 2 } }],
    ['OPTIMADE', { optimade_filter: 'nelements >= 2 AND nelements <= 3' }],
    ['OPTIMADE HAS', { optimade_filter: `elements HAS "${pick(elements, 0)}"` }],
    [
      'prefix of entry name',
      { 'entry_name.prefix': String(get(docs[0] ?? {}, 'entry_name')).slice(0, 3) },
    ],
    ['mainfile of the first', { mainfile: get(docs[0] ?? {}, 'mainfile') }],
  ]
  for (let n = 1; n <= 5; n++) queries.push([`${n} elements`, { 'results.material.n_elements': n }])
  for (const crystal of crystals.slice(0, 7))
    queries.push(
      [`crystal ${crystal}`, { 'results.material.symmetry.crystal_system': crystal }],
      [
        `not ${crystal}, ≥ 2 elements`,
        {
          and: [
            { not: { 'results.material.symmetry.crystal_system': crystal } },
            { 'results.material.n_elements:gte': 2 },
          ],
        },
      ],
    )
  for (const year of new Set(times.map((t) => t.slice(0, 4))))
    queries.push([
      `uploaded in ${year}`,
      { upload_create_time: { gte: `${year}-01-01`, lt: `${Number(year) + 1}-01-01` } },
    ])
  for (let i = 0; i < 10; i++) {
    const a = pick(elements, i)
    const b = pick(elements, i + 3)
    queries.push(
      [`element ${a}`, { 'results.material.elements': a }],
      [`any of ${a}, ${b}`, { 'results.material.elements:any': [a, b] }],
      [`all of ${a}, ${b}`, { 'results.material.elements:all': [a, b] }],
      [`none of ${a}`, { 'results.material.elements:none': [a] }],
    )
  }
  for (let i = 0; i < 6; i++) {
    const program = pick(programs, i)
    const crystal = pick(crystals, i)
    queries.push(
      [`program ${program}`, { 'results.method.simulation.program_name': program }],
      [`not ${program}`, { not: { 'results.method.simulation.program_name': program } }],
      [
        `${program} or ${crystal}`,
        {
          or: [
            { 'results.method.simulation.program_name': program },
            { 'results.material.symmetry.crystal_system': crystal },
          ],
        },
      ],
      [
        `${program} and ${pick(elements, i)}`,
        {
          and: [
            { 'results.method.simulation.program_name': program },
            { 'results.material.elements': pick(elements, i) },
          ],
        },
      ],
      [
        `formula ${pick(formulas, i)}`,
        { 'results.material.chemical_formula_reduced': pick(formulas, i) },
      ],
    )
  }
  // The sorts in turn, each in both directions, with page sizes that need cursors to reach
  // the end.
  const out: CorpusSearch[] = []
  queries.forEach(([name, query], i) => {
    const order_by = CORPUS_SORTS[i % CORPUS_SORTS.length] ?? 'entry_id'
    const order = Math.floor(i / CORPUS_SORTS.length) % 2 === 0 ? 'asc' : 'desc'
    out.push({ name, query, order_by, order, page_size: 30 + 7 * (i % 5) })
  })
  return out
}

/** Terms aggregations as the search builder sends them (one excludes its own quantity). */
export const CORPUS_AGGREGATIONS = {
  elements: {
    terms: { quantity: 'results.material.elements', size: 120, exclude_from_search: true },
  },
  program: { terms: { quantity: 'results.method.simulation.program_name', size: 20 } },
  crystal: { terms: { quantity: 'results.material.symmetry.crystal_system', size: 10 } },
}
