import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CATALOGUE,
  DEFAULT_QUANTITIES,
  QuantityCatalogue,
  catalogueToInfo,
} from './quantities'
import { catalogueFromInfo } from './catalogue-from-info'

describe('the built-in catalogue', () => {
  it('has unique names and every quantity of facts §9/§10', () => {
    const names = DEFAULT_QUANTITIES.map((q) => q.name)
    expect(new Set(names).size).toBe(names.length)
    for (const name of [
      'entry_id',
      'upload_name',
      'entry_name.prefix',
      'authors.name',
      'main_author.user_id',
      'viewers.user_id',
      'datasets.doi',
      'text_search_contents',
      'results.material.elements',
      'results.material.symmetry.space_group_number',
      'results.method.simulation.dft.xc_functional_names',
      'results.properties.electronic.band_gap.value',
      'results.properties.geometry_optimization.final_energy_difference',
      'section_defs.definition_qualified_name',
      'entry_references.target_entry_id',
      'results.eln.lab_ids',
    ])
      expect(DEFAULT_CATALOGUE.has(name), name).toBe(true)
  })

  it('describes types, units, shapes and nesting', () => {
    const elements = DEFAULT_CATALOGUE.get('results.material.elements')
    expect(elements).toMatchObject({ type: 'enum', many: true, manyAll: true, sortable: false })
    expect(elements?.enumValues).toContain('Ti')
    expect(DEFAULT_CATALOGUE.get('results.properties.electronic.band_gap.value')).toMatchObject({
      type: 'float',
      unit: 'J',
      nestedPrefix: 'results.properties.electronic.band_gap',
    })
    expect(DEFAULT_CATALOGUE.get('upload_create_time')).toMatchObject({
      type: 'datetime',
      sortable: true,
    })
    expect(DEFAULT_CATALOGUE.get('comment')).toMatchObject({ type: 'text', aggregatable: false })
    expect(DEFAULT_QUANTITIES.filter((q) => q.manyAll).map((q) => q.name)).toEqual([
      'results.material.elements',
    ])
  })

  it('lists nested prefixes parents first', () => {
    expect(DEFAULT_CATALOGUE.nestedPrefixes).toContain('entry_references')
    expect(DEFAULT_CATALOGUE.nestedPrefixes).toContain('results.material.topology')
    const lengths = DEFAULT_CATALOGUE.nestedPrefixes.map((p) => p.length)
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths)
  })

  it('searches names before descriptions', () => {
    const hits = DEFAULT_CATALOGUE.search('band_gap')
    expect(hits[0]?.name).toContain('band_gap')
    expect(DEFAULT_CATALOGUE.search('space group').map((q) => q.name)).toContain(
      'results.material.symmetry.space_group_symbol',
    )
    expect(DEFAULT_CATALOGUE.search('zzzz-nothing')).toEqual([])
  })
})

describe('GET /info search_quantities', () => {
  it('renders name, description and many like the server', () => {
    const info = catalogueToInfo(DEFAULT_CATALOGUE)
    expect(info['results.material.elements']).toEqual({
      name: 'results.material.elements',
      description: DEFAULT_CATALOGUE.get('results.material.elements')?.description,
      many: true,
    })
    expect(catalogueToInfo(DEFAULT_CATALOGUE, { extended: true }).upload_create_time?.type).toBe(
      'datetime',
    )
  })

  it('round-trips through catalogueFromInfo', () => {
    const back = catalogueFromInfo({ search_quantities: catalogueToInfo(DEFAULT_CATALOGUE) })
    expect(back.size).toBe(DEFAULT_CATALOGUE.size)
    expect(back.get('results.material.n_elements')?.type).toBe('int')
  })

  it('keeps only the server names, typing unknown ones sensibly', () => {
    const catalogue = catalogueFromInfo({
      search_quantities: {
        entry_id: { name: 'entry_id', description: 'x', many: false },
        'data.temperature#my.Schema': { name: 'data.temperature#my.Schema', many: false },
        'entry_references.new_field': { name: 'entry_references.new_field', many: false },
        'custom.n_things': { name: 'custom.n_things', many: false },
        'custom.sample_time': { many: false, type: { type_kind: 'python', type_data: 'float' } },
        'optimade.elements': { name: 'optimade.elements', many: true },
      },
    })
    expect(catalogue.size).toBe(5)
    expect(catalogue.get('entry_id')).toBe(DEFAULT_CATALOGUE.get('entry_id'))
    expect(catalogue.get('data.temperature#my.Schema')?.type).toBe('str')
    expect(catalogue.get('entry_references.new_field')?.nestedPrefix).toBe('entry_references')
    expect(catalogue.get('custom.n_things')?.type).toBe('int')
    expect(catalogue.get('custom.sample_time')?.type).toBe('float')
  })

  it('falls back to the built-in catalogue for useless answers', () => {
    expect(catalogueFromInfo(null)).toBe(DEFAULT_CATALOGUE)
    expect(catalogueFromInfo({ search_quantities: {} })).toBe(DEFAULT_CATALOGUE)
    expect(catalogueFromInfo('nonsense')).toBe(DEFAULT_CATALOGUE)
    expect(new QuantityCatalogue([]).size).toBe(0)
  })
})
