import { describe, expect, it } from 'vitest'
import { accessTokenResponse, appTokenResponse, signatureTokenResponse } from './auth'
import { decodeWire } from './decode'
import { entriesQueryResponse } from './entries-query'
import { entryMetadata } from './entry'
import { infoResponse } from './info'
import {
  entriesRawdirResponse,
  entryRawdirResponse,
  isRawdirDirectory,
  rawDownloadManifest,
  uploadRawdirResponse,
} from './rawdir'
import { currentUser, user as userSchema } from './user'
import { datasetResponse } from './dataset'

// Endpoints and shapes the recordings do not contain, checked against the composed examples of
// nomad-api-facts (§1, §2.6, §3.3, §5, §6, §10). The recorded ones are checked by
// electron/core/api/wire-recordings.test.ts.

const user = '0c6a6b3e-4bd5-4c2a-9a52-4c2f1c2f3b11'

/** The realistic entry of nomad-api-facts §10. */
const factsEntry = {
  entry_id: '05_tLz_0Is4T0K6LhGNV4JfdUG8i',
  upload_id: 'YXUIZpw5RJyV3LAsFI2MmQ',
  upload_create_time: '2023-05-02T09:14:11.201000+00:00',
  entry_name: 'TiO2 VASP simulation',
  mainfile: 'TiO2/vasprun.xml',
  published: true,
  main_author: { user_id: user, name: 'Jane Doe' },
  authors: [{ user_id: user, name: 'Jane Doe' }, { name: 'External Person' }],
  datasets: [
    {
      dataset_id: 'Xb2AbCdEfGhIjKlMnOpQrS',
      dataset_name: 'Oxides',
      doi: '10.17172/NOMAD/2023.05.03-1',
      dataset_create_time: '2023-05-03T11:00:00+00:00',
      dataset_type: 'owned',
    },
  ],
  results: {
    material: {
      elements: ['O', 'Ti'],
      chemical_formula_hill: 'O2Ti',
      chemical_formula_descriptive: 'TiO2',
      symmetry: {
        crystal_system: 'tetragonal',
        space_group_number: 136,
        space_group_symbol: 'P4_2/mnm',
      },
    },
    method: {
      method_name: 'DFT',
      workflow_name: ['single_point'],
      simulation: {
        program_name: 'VASP',
        program_version: '5.4.4',
        dft: { xc_functional_type: 'GGA' },
      },
    },
    properties: { electronic: { band_gap: [{ type: 'direct', value: 2.9e-19 }] } },
  },
  license: 'CC BY 4.0',
}

describe('entry metadata', () => {
  it('types the fields the search table reads', () => {
    const entry = decodeWire(entryMetadata, factsEntry, 'test')
    expect(entry.results?.material?.symmetry?.space_group_number).toBe(136)
    expect(entry.results?.method?.simulation?.dft?.xc_functional_type).toBe('GGA')
    expect(entry.results?.properties?.electronic?.band_gap?.[0]?.value).toBe(2.9e-19)
    expect(entry.authors?.map((author) => author.user_id ?? author.name)).toEqual([
      user,
      'External Person',
    ])
    expect(entry.datasets?.[0]?.doi).toBe('10.17172/NOMAD/2023.05.03-1')
  })

  it('rejects an author without a name and elements that are not strings', () => {
    expect(() =>
      decodeWire(entryMetadata, { ...factsEntry, authors: [{ user_id: user }] }, 'test'),
    ).toThrow('authors[0].name is missing')
    const badElements = { ...factsEntry, results: { material: { elements: ['O', 22] } } }
    expect(() => decodeWire(entryMetadata, badElements, 'test')).toThrow(
      'results.material.elements[1] should be a string but is a number',
    )
  })

  it('decodes the aggregation kinds that have no recording', () => {
    const response = {
      owner: 'public',
      query: {},
      pagination: { page_size: 0, order_by: 'entry_id', order: 'asc', total: 0 },
      aggregations: {
        sizes: { statistics: { metrics: ['n_entries'], data: { n_entries: 0 } } },
        range: { min_max: { quantity: 'results.material.n_elements', data: [null, null] } },
        dates: {
          date_histogram: {
            quantity: 'upload_create_time',
            interval: '1M',
            data: [{ value: 1704067200000, count: 3, nested_count: 3 }],
          },
        },
      },
      data: [],
    }
    const decoded = decodeWire(entriesQueryResponse, response, 'POST /entries/query')
    expect(decoded.aggregations?.['range']?.min_max?.data).toEqual([null, null])
    expect(decoded.aggregations?.['dates']?.date_histogram?.data[0]?.count).toBe(3)
  })
})

describe('raw directories', () => {
  it('decodes GET /entries/{id}/rawdir', () => {
    const body = {
      entry_id: 'e1',
      data: {
        entry_id: 'e1',
        upload_id: 'u1',
        mainfile: 'Si/vasprun.xml',
        files: [
          { path: 'Si/INCAR', size: 212 },
          { path: 'Si/vasprun.xml', size: 3237 },
        ],
      },
    }
    expect(
      decodeWire(entryRawdirResponse, body, 'GET /entries/e1/rawdir').data.files[1]?.size,
    ).toBe(3237)
  })

  it('decodes POST /entries/rawdir/query and names the path of a bad field', () => {
    const folder = {
      entry_id: 'e1',
      upload_id: 'u1',
      mainfile: 'Si/vasprun.xml',
      files: [{ path: 'Si/vasprun.xml', size: 3237 }],
    }
    const body = {
      owner: 'public',
      query: { name: 'upload_id', value: 'u1' },
      pagination: {
        page_size: 1,
        order_by: 'entry_id',
        order: 'asc',
        total: 2,
        next_page_after_value: 'e1',
      },
      data: [folder],
    }
    const what = 'POST /entries/rawdir/query'
    expect(decodeWire(entriesRawdirResponse, body, what).pagination.next_page_after_value).toBe(
      'e1',
    )
    const broken = {
      ...body,
      data: [{ ...folder, files: [{ path: 'Si/vasprun.xml', size: '3237' }] }],
    }
    expect(() => decodeWire(entriesRawdirResponse, broken, what)).toThrow(
      expect.objectContaining({
        code: 'invalid_response',
        details: { path: ['data', 0, 'files', 0, 'size'] },
      }),
    )
  })

  it('decodes the manifest.json of raw zips (exactly the keys of test_entries.py)', () => {
    const manifest = [{ entry_id: 'e1', upload_id: 'u1', mainfile: 'u1/Si/vasprun.xml' }]
    expect(decodeWire(rawDownloadManifest, manifest, 'manifest.json')).toEqual(manifest)
    expect(() =>
      decodeWire(rawDownloadManifest, [{ entry_id: 'e1', upload_id: 'u1' }], 'manifest.json'),
    ).toThrow(expect.objectContaining({ details: { path: [0, 'mainfile'] } }))
  })

  it('tells the file form from the directory form', () => {
    const file = decodeWire(
      uploadRawdirResponse,
      { path: 'Si/INCAR', access: 'public', file_metadata: { name: 'INCAR', size: 212 } },
      'GET /uploads/u/rawdir/Si/INCAR',
    )
    expect(isRawdirDirectory(file)).toBe(false)
    // The guard narrows both ways, so the file browser needs no casts.
    const size = isRawdirDirectory(file) ? file.directory_metadata.size : file.file_metadata.size
    expect(size).toBe(212)
    const root = decodeWire(
      uploadRawdirResponse,
      {
        path: '',
        access: 'unpublished',
        directory_metadata: { name: '', size: 0, content: [] },
        pagination: { page_size: 10, order: 'asc', page: 1, total: 0 },
      },
      'GET /uploads/u/rawdir/',
    )
    expect(isRawdirDirectory(root)).toBe(true)
  })
})

describe('users, datasets, info, auth', () => {
  it('decodes /users/me with email and nulls', () => {
    const me = decodeWire(
      currentUser,
      {
        user_id: user,
        username: 'jdoe',
        name: 'Jane Doe',
        email: 'jane@example.org',
        affiliation: null,
      },
      'GET /users/me',
    )
    expect(me.email).toBe('jane@example.org')
  })

  it('decodes GET /users/{id}, the public subset without e-mail', () => {
    const body = {
      name: 'Jane Doe',
      first_name: 'Jane',
      last_name: 'Doe',
      affiliation: 'FHI',
      user_id: user,
      username: 'jdoe',
    }
    expect(decodeWire(userSchema, body, `GET /users/${user}`).username).toBe('jdoe')
    const { user_id: _dropped, ...withoutId } = body
    expect(() => decodeWire(userSchema, withoutId, `GET /users/${user}`)).toThrow(
      expect.objectContaining({ details: { path: ['user_id'] } }),
    )
  })

  it('decodes GET /datasets/{id}', () => {
    const body = {
      dataset_id: 'd1',
      data: {
        dataset_id: 'd1',
        dataset_name: 'Oxides',
        user_id: user,
        dataset_type: 'owned',
        entries: ['e1'],
      },
    }
    expect(decodeWire(datasetResponse, body, 'GET /datasets/d1').data.entries).toEqual(['e1'])
  })

  it('decodes GET /info and requires its search quantities', () => {
    const info = {
      parsers: ['parsers/vasp'],
      codes: [{ code_name: 'VASP', code_homepage: 'https://www.vasp.at/' }],
      statistics: {
        n_entries: 17957,
        n_uploads: 12,
        n_quantities: 1,
        n_calculations: 1,
        n_materials: 3,
      },
      search_quantities: {
        'results.material.elements': { name: 'results.material.elements', many: true },
      },
      version: '1.3.4',
      deployment: 'oasis',
      oasis: true,
      git: {},
    }
    expect(
      decodeWire(infoResponse, info, 'GET /info').search_quantities['results.material.elements']
        ?.many,
    ).toBe(true)
    const { search_quantities: _sq, ...withoutQuantities } = info
    expect(() => decodeWire(infoResponse, withoutQuantities, 'GET /info')).toThrow(
      'search_quantities is missing',
    )
  })

  it('decodes the three token answers and refuses an empty token', () => {
    expect(
      decodeWire(
        accessTokenResponse,
        { access_token: 'eyJ.a.b', token_type: 'bearer' },
        'POST /auth/token',
      ),
    ).toMatchObject({ token_type: 'bearer' })
    expect(
      decodeWire(appTokenResponse, { app_token: 'eyJ.a.b' }, 'GET /auth/app_token').app_token,
    ).toBe('eyJ.a.b')
    expect(
      decodeWire(signatureTokenResponse, { signature_token: 's' }, 'GET /auth/signature_token')
        .signature_token,
    ).toBe('s')
    expect(() => decodeWire(appTokenResponse, { app_token: '' }, 'GET /auth/app_token')).toThrow(
      'app_token should not be empty',
    )
  })
})
