import type { DefinitionLists } from './method-parts'
import type { UploadPart } from './upload-part'

/**
 * An entry's search document as held in memory. A class with every field assigned in the
 * constructor keeps V8 objects in fast mode with in-object fields (plain objects built with
 * 35 assigned keys fall back to dictionary mode, ~1.5 KB each). `files` and
 * `entry_references` are derived on access (prototype getters, so not own keys): storing
 * them would cost ~50 MB at 100 000 entries. The upload-level fields (UPLOAD_DOC_FIELDS) are
 * getters too, read through the upload's shared part: 14 fewer slots per document, and a
 * membership edit swaps one reference. `entry_id` (= `calc_id`), `mainfile` and the two times
 * come from the store, which derives them when read: hashing 100 000 ids and building their
 * mainfile and time strings before the port opened was a third of the 100 000-entry start
 * (docs/performance.md).
 * So output code lists fields from DOC_FIELDS, in the order the real server prints them, not
 * from the object's own keys. Optional fields hold `undefined` when absent; output code omits
 * them like nulls.
 */

/** Which of an entry's two times: entry_create_time or last_processing_time. */
export type EntryTime = 'created' | 'processed'

export interface DocResolver {
  entryId(index: number): string
  mainfile(index: number): string
  entryTime(index: number, which: EntryTime): string
  files(index: number): string[]
  entryReferences(index: number): Record<string, string>[] | undefined
}

export interface EntryFields {
  entry_name: string
  entry_type: string
  parser_name: string
  nomad_version: string
  lists: DefinitionLists
  optimade: Record<string, unknown>
  results: Record<string, unknown>
  comment: string | undefined
}

const EMPTY: never[] = []

export class StoredEntryDoc {
  readonly #index: number
  readonly #resolver: DocResolver
  #part: UploadPart
  entry_name: string
  entry_type: string
  parser_name: string
  processed: boolean
  processing_errors: never[]
  nomad_version: string
  nomad_commit: string
  comment: string | undefined
  references: never[]
  domain: string
  n_quantities: number
  quantities: string[]
  sections: string[]
  section_defs: DefinitionLists['section_defs']
  optimade: Record<string, unknown>
  results: Record<string, unknown>

  constructor(index: number, resolver: DocResolver, part: UploadPart, fields: EntryFields) {
    this.#index = index
    this.#resolver = resolver
    this.#part = part
    this.entry_name = fields.entry_name
    this.entry_type = fields.entry_type
    this.parser_name = fields.parser_name
    this.processed = true
    this.processing_errors = EMPTY
    this.nomad_version = fields.nomad_version
    this.nomad_commit = ''
    this.comment = fields.comment
    this.references = EMPTY
    this.domain = 'dft'
    this.n_quantities = fields.lists.n_quantities
    this.quantities = fields.lists.quantities
    this.sections = fields.lists.sections
    this.section_defs = fields.lists.section_defs
    this.optimade = fields.optimade
    this.results = fields.results
  }

  get entry_id(): string {
    return this.#resolver.entryId(this.#index)
  }

  get calc_id(): string {
    return this.#resolver.entryId(this.#index)
  }

  get mainfile(): string {
    return this.#resolver.mainfile(this.#index)
  }

  get entry_create_time(): string {
    return this.#resolver.entryTime(this.#index, 'created')
  }

  get last_processing_time(): string {
    return this.#resolver.entryTime(this.#index, 'processed')
  }

  get upload_id(): UploadPart['upload_id'] {
    return this.#part.upload_id
  }

  get upload_name(): UploadPart['upload_name'] {
    return this.#part.upload_name
  }

  get upload_create_time(): UploadPart['upload_create_time'] {
    return this.#part.upload_create_time
  }

  get published(): UploadPart['published'] {
    return this.#part.published
  }

  get publish_time(): UploadPart['publish_time'] {
    return this.#part.publish_time
  }

  get with_embargo(): UploadPart['with_embargo'] {
    return this.#part.with_embargo
  }

  get origin(): UploadPart['origin'] {
    return this.#part.origin
  }

  get main_author(): UploadPart['main_author'] {
    return this.#part.main_author
  }

  get authors(): UploadPart['authors'] {
    return this.#part.authors
  }

  get writers(): UploadPart['writers'] {
    return this.#part.writers
  }

  get writer_groups(): UploadPart['writer_groups'] {
    return this.#part.writer_groups
  }

  get viewers(): UploadPart['viewers'] {
    return this.#part.viewers
  }

  get viewer_groups(): UploadPart['viewer_groups'] {
    return this.#part.viewer_groups
  }

  get datasets(): UploadPart['datasets'] {
    return this.#part.datasets
  }

  get files(): string[] {
    return this.#resolver.files(this.#index)
  }

  get entry_references(): Record<string, string>[] | undefined {
    return this.#resolver.entryReferences(this.#index)
  }

  /** Re-points the upload-level fields after a membership edit. */
  applyUploadPart(part: UploadPart): void {
    this.#part = part
  }
}

/** The upload-level fields: getters reading the upload's part. */
export const UPLOAD_DOC_FIELDS = [
  'upload_id',
  'upload_name',
  'upload_create_time',
  'published',
  'publish_time',
  'with_embargo',
  'origin',
  'main_author',
  'authors',
  'writers',
  'writer_groups',
  'viewers',
  'viewer_groups',
  'datasets',
] as const

/**
 * Every field of a generated document, own or read through the upload's part, in the order
 * the real server prints them (derived fields and a recorded entry's extra fields follow).
 */
export const DOC_FIELDS = [
  'entry_id',
  'calc_id',
  'upload_id',
  'upload_name',
  'upload_create_time',
  'entry_name',
  'entry_type',
  'entry_create_time',
  'parser_name',
  'mainfile',
  'published',
  'publish_time',
  'with_embargo',
  'processed',
  'last_processing_time',
  'processing_errors',
  'nomad_version',
  'nomad_commit',
  'comment',
  'references',
  'origin',
  'main_author',
  'authors',
  'writers',
  'writer_groups',
  'viewers',
  'viewer_groups',
  'datasets',
  'domain',
  'n_quantities',
  'quantities',
  'sections',
  'section_defs',
  'optimade',
  'results',
] as const satisfies readonly (keyof StoredEntryDoc)[]

/** Fields that are prototype getters; output code copies them explicitly. */
export const DERIVED_DOC_FIELDS = ['files', 'entry_references'] as const
