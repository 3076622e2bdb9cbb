import type { DefinitionLists } from './method-parts'
import type { UploadPart } from './upload-part'

/**
 * An entry's search document as held in memory. A class with every field assigned in the
 * constructor keeps V8 objects in fast mode with in-object fields (plain objects built with
 * 35 assigned keys fall back to dictionary mode, ~1.5 KB each). `files` and
 * `entry_references` are derived on access (prototype getters, so not own keys): storing
 * them would cost ~50 MB at 100 000 entries. Optional fields hold `undefined` when absent;
 * output code omits them like nulls.
 */

export interface DocResolver {
  files(index: number): string[]
  entryReferences(index: number): Record<string, string>[] | undefined
}

export interface EntryFields {
  entry_id: string
  mainfile: string
  entry_name: string
  entry_type: string
  entry_create_time: string
  parser_name: string
  last_processing_time: string
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
  entry_id: string
  calc_id: string
  upload_id: string
  upload_name: string
  upload_create_time: string
  entry_name: string
  entry_type: string
  entry_create_time: string
  parser_name: string
  mainfile: string
  published: boolean
  publish_time: string | undefined
  with_embargo: boolean
  processed: boolean
  last_processing_time: string
  processing_errors: never[]
  nomad_version: string
  nomad_commit: string
  comment: string | undefined
  references: never[]
  origin: string
  main_author: UploadPart['main_author']
  authors: UploadPart['authors']
  writers: UploadPart['writers']
  writer_groups: string[]
  viewers: UploadPart['viewers']
  viewer_groups: string[]
  datasets: UploadPart['datasets']
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
    this.entry_id = fields.entry_id
    this.calc_id = fields.entry_id
    this.upload_id = part.upload_id
    this.upload_name = part.upload_name
    this.upload_create_time = part.upload_create_time
    this.entry_name = fields.entry_name
    this.entry_type = fields.entry_type
    this.entry_create_time = fields.entry_create_time
    this.parser_name = fields.parser_name
    this.mainfile = fields.mainfile
    this.published = part.published
    this.publish_time = part.publish_time
    this.with_embargo = part.with_embargo
    this.processed = true
    this.last_processing_time = fields.last_processing_time
    this.processing_errors = EMPTY
    this.nomad_version = fields.nomad_version
    this.nomad_commit = ''
    this.comment = fields.comment
    this.references = EMPTY
    this.origin = part.origin
    this.main_author = part.main_author
    this.authors = part.authors
    this.writers = part.writers
    this.writer_groups = part.writer_groups
    this.viewers = part.viewers
    this.viewer_groups = part.viewer_groups
    this.datasets = part.datasets
    this.domain = 'dft'
    this.n_quantities = fields.lists.n_quantities
    this.quantities = fields.lists.quantities
    this.sections = fields.lists.sections
    this.section_defs = fields.lists.section_defs
    this.optimade = fields.optimade
    this.results = fields.results
  }

  get files(): string[] {
    return this.#resolver.files(this.#index)
  }

  get entry_references(): Record<string, string>[] | undefined {
    return this.#resolver.entryReferences(this.#index)
  }

  /** Re-points the upload-level fields after a membership edit. */
  applyUploadPart(part: UploadPart): void {
    this.upload_name = part.upload_name
    this.published = part.published
    this.publish_time = part.publish_time
    this.with_embargo = part.with_embargo
    this.origin = part.origin
    this.main_author = part.main_author
    this.authors = part.authors
    this.writers = part.writers
    this.writer_groups = part.writer_groups
    this.viewers = part.viewers
    this.viewer_groups = part.viewer_groups
    this.datasets = part.datasets
  }
}

/** Fields that are prototype getters; output code copies them explicitly. */
export const DERIVED_DOC_FIELDS = ['files', 'entry_references'] as const
