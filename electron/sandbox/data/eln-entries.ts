import { entryIdFor } from './ids'
import type { RecordedEntry } from './recorded-archives'
import { Rng, seedFor } from './rng'
import { DATA_END_MS, DAY_MS, esTime } from './time'
import { CAST } from './users'

/**
 * Generated ELN entries (`--eln-entries N`, FixtureOptions.elnEntries): one public upload of
 * Lena's with a schema entry (`definitions`: Sample with an inner Measurement section and a
 * reference to Instrument) and entries whose `data` follow it: two instruments, then samples
 * that reference an instrument in another entry (`../upload/archive/<id>#/data`) and hold
 * measurements with time series. The same shapes as the recorded ELN archives; deterministic
 * from the seed. Served through the same path as the recorded entries (recorded-uploads.ts).
 */

export const ELN_UPLOAD_ID = 'ElnExamplesUpload00001'
const SCHEMA_FILE = 'schema.archive.yaml'
const SCHEMA = `../upload/raw/${SCHEMA_FILE}#/definitions/section_definitions`

function quantity(index: number, name: string, type: [string, string | string[]], extra = {}) {
  return {
    m_def: 'nomad.metainfo.metainfo.Quantity',
    m_parent_index: index,
    m_parent_sub_section: 'quantities',
    name,
    type: { type_kind: type[0], type_data: type[1] },
    ...extra,
  }
}

function definitions(): Record<string, unknown> {
  const section = (index: number, name: string, body: Record<string, unknown>) => ({
    m_def: 'nomad.metainfo.metainfo.Section',
    m_parent_index: index,
    m_parent_sub_section: 'section_definitions',
    name,
    ...body,
  })
  return {
    m_def: 'nomad.metainfo.metainfo.Package',
    m_parent_sub_section: 'definitions',
    name: 'Sandbox lab notebook',
    section_definitions: [
      section(0, 'Sample', {
        base_sections: ['nomad.datamodel.data.EntryData'],
        description: 'A sample with its synthesis temperature, instrument and measurements.',
        quantities: [
          quantity(0, 'name', ['python', 'str']),
          quantity(1, 'lab_id', ['python', 'str'], { description: 'The id on the label.' }),
          quantity(2, 'datetime', ['custom', 'nomad.metainfo.data_type.Datetime']),
          quantity(3, 'temperature', ['python', 'float'], { unit: 'kelvin' }),
          quantity(4, 'composition', ['python', 'str'], { shape: ['*'] }),
          quantity(5, 'state', ['enum', ['solid', 'liquid', 'powder']], { default: 'solid' }),
          quantity(6, 'instrument', ['reference', '#/definitions/section_definitions/1']),
        ],
        sub_sections: [
          {
            m_def: 'nomad.metainfo.metainfo.SubSection',
            m_parent_index: 0,
            m_parent_sub_section: 'sub_sections',
            name: 'measurements',
            repeats: true,
            sub_section: '#/definitions/section_definitions/0/inner_section_definitions/0',
          },
        ],
        inner_section_definitions: [
          {
            m_def: 'nomad.metainfo.metainfo.Section',
            m_parent_index: 0,
            m_parent_sub_section: 'inner_section_definitions',
            name: 'Measurement',
            quantities: [
              quantity(0, 'time', ['python', 'float'], { shape: ['*'], unit: 'second' }),
              quantity(1, 'signal', ['python', 'float'], { shape: ['*'] }),
            ],
            sub_sections: [
              {
                m_def: 'nomad.metainfo.metainfo.SubSection',
                m_parent_index: 0,
                m_parent_sub_section: 'sub_sections',
                name: 'peaks',
                repeats: true,
                sub_section:
                  '#/definitions/section_definitions/0/inner_section_definitions/0/inner_section_definitions/0',
              },
            ],
            inner_section_definitions: [
              {
                m_def: 'nomad.metainfo.metainfo.Section',
                m_parent_index: 0,
                m_parent_sub_section: 'inner_section_definitions',
                name: 'Peak',
                base_sections: ['nomad.datamodel.data.ArchiveSection'],
                quantities: [
                  quantity(0, 'position', ['python', 'float'], {
                    description: 'Where the peak is.',
                    shape: [],
                    unit: 'second',
                  }),
                  quantity(1, 'labels', ['python', 'str'], { shape: ['*'] }),
                ],
              },
            ],
          },
        ],
      }),
      section(1, 'Instrument', {
        base_sections: ['nomad.datamodel.data.EntryData'],
        quantities: [
          quantity(0, 'name', ['python', 'str']),
          quantity(1, 'model', ['python', 'str']),
        ],
      }),
    ],
  }
}

const ELEMENTS = ['Cu', 'Zn', 'Sn', 'S', 'Se', 'Ti', 'O', 'Ga', 'As', 'In']

function metadata(entryId: string, mainfile: string, entryType: string, createMs: number) {
  return {
    upload_id: ELN_UPLOAD_ID,
    upload_create_time: esTime(DATA_END_MS - 10 * DAY_MS),
    entry_id: entryId,
    entry_name: mainfile,
    entry_type: entryType,
    entry_create_time: esTime(createMs),
    parser_name: 'parsers/archive',
    mainfile,
    published: true,
    with_embargo: false,
    embargo_length: 0,
    license: 'CC BY 4.0',
    processed: true,
    last_processing_time: esTime(createMs + 500),
    processing_errors: [],
    nomad_version: '1.3.4',
    nomad_commit: '',
    references: [],
    main_author: CAST.lena.user_id,
    coauthors: [],
    entry_coauthors: [],
    reviewers: [],
    datasets: [],
    domain: '',
    quantities: ['', 'data', 'metadata'],
    sections: ['nomad.datamodel.datamodel.EntryArchive', 'nomad.datamodel.datamodel.EntryMetadata'],
  }
}

function entry(mainfile: string, type: string, k: number, body: Record<string, unknown>) {
  const entryId = entryIdFor(ELN_UPLOAD_ID, mainfile)
  const meta = metadata(entryId, mainfile, type, DATA_END_MS - 10 * DAY_MS + (k + 1) * 60_000)
  const archive = {
    ...body,
    metadata: meta,
    results: { properties: {}, eln: { sections: [type], names: [mainfile] } },
  }
  return {
    entry_id: entryId,
    upload_id: ELN_UPLOAD_ID,
    mainfile,
    parser_name: 'parsers/archive',
    archive,
    doc: { ...meta, upload_name: 'ELN examples', results: archive.results },
  }
}

export function elnEntries(seed: number, count: number): RecordedEntry[] {
  const rng = new Rng(seedFor(seed, 'eln'))
  const out: RecordedEntry[] = [entry(SCHEMA_FILE, 'Schema', 0, { definitions: definitions() })]
  const instruments = ['Sputter chamber A', 'Tube furnace 2'].map((name, k) =>
    entry(`instruments/instrument-${k + 1}.archive.yaml`, 'Instrument', out.length + k, {
      data: { m_def: `${SCHEMA}/1`, name, model: `M-${100 + k * 17}` },
    }),
  )
  out.push(...instruments)
  for (let k = 0; out.length < Math.max(count, 4); k++) {
    const instrument = instruments[k % instruments.length]
    const elements = [rng.pick(ELEMENTS), rng.pick(ELEMENTS)]
    const points = rng.int(20, 60)
    out.push(
      entry(`samples/sample-${String(k + 1).padStart(3, '0')}.archive.yaml`, 'Sample', out.length, {
        data: {
          m_def: `${SCHEMA}/0`,
          name: `Sample ${k + 1}: ${elements.join('')} film`,
          lab_id: `S-${1000 + k}`,
          datetime: esTime(DATA_END_MS - (30 - (k % 30)) * DAY_MS),
          temperature: Number(rng.float(293, 873).toFixed(1)),
          composition: elements,
          state: 'solid',
          instrument: `../upload/archive/${instrument?.entry_id ?? ''}#/data`,
          measurements: Array.from({ length: 1 + (k % 3) }, (_, m) => ({
            peaks: [{ position: 0, labels: ['onset'] }],
            time: Array.from({ length: points }, (_, i) => i * 0.5),
            signal: Array.from({ length: points }, (_, i) =>
              Number((Math.exp(-i / (10 + m * 5)) + rng.float(0, 0.02)).toFixed(4)),
            ),
          })),
        },
      }),
    )
  }
  return out
}
