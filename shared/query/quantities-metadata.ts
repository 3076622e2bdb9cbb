/** Entry-level metadata quantities (EntryMetadata in the real index), with plain descriptions. */
import { nestedUnder, quantity as q, type SearchQuantity } from './quantity'

const EXTERNAL_DBS = [
  'The Perovskite Database Project',
  'EELS Data Base',
  'Materials Project',
  'AFLOW',
  'OQMD',
  'Kyoto Phonopy Database',
]

const IDS_AND_NAMES: SearchQuantity[] = [
  q('entry_id', 'str', 'Unique, permanent identifier of the entry (28 characters).'),
  q('calc_id', 'str', 'Old name of entry_id, kept for compatibility.'),
  q('upload_id', 'str', 'Identifier of the upload the entry belongs to.'),
  q('upload_name', 'str', 'Name the uploader gave to the upload.'),
  q('entry_name', 'str', 'Short human-readable name of the entry.'),
  q('entry_name.prefix', 'text', 'Entries whose name starts with the given words.', {
    docPath: 'entry_name',
    textMatch: 'phrase_prefix',
  }),
  q('entry_type', 'str', 'Main schema of the entry, e.g. the code that produced it.'),
  q('mainfile', 'str', 'Path of the main file of the entry inside its upload.'),
  q('mainfile_key', 'str', 'Distinguishes child entries that share one main file.'),
  q('parser_name', 'str', 'NOMAD parser that read the main file, e.g. parsers/vasp.'),
  q('external_id', 'str', 'Identifier of the entry in the database it was imported from.'),
  q('raw_id', 'str', 'Code-specific identifier found in the raw files.'),
  q('pid', 'str', 'Legacy numeric identifier from the NOMAD CoE repository.'),
  q('origin', 'str', 'Where the entry comes from: the main author or an external database.'),
  q('nomad_version', 'str', 'NOMAD version used for the last processing.'),
  q('nomad_commit', 'str', 'NOMAD source revision used for the last processing.'),
  q('external_db', 'enum', 'External database or repository that holds the original data.', {
    enumValues: EXTERNAL_DBS,
  }),
  q('domain', 'enum', 'Research domain of the entry.', { enumValues: ['dft', 'ems', 'nexus'] }),
  q('comment', 'text', 'Free-text comment the authors attached to the entry.'),
  q('references', 'str', 'Web addresses (papers, websites) the authors linked to the entry.', {
    many: true,
  }),
  q('n_quantities', 'int', 'Number of quantities NOMAD read from the entry.'),
]

const STATUS_AND_TIMES: SearchQuantity[] = [
  q('published', 'bool', 'Whether the entry is published.'),
  q('with_embargo', 'bool', 'Whether the entry is published under an embargo (not yet public).'),
  q('processed', 'bool', 'Whether NOMAD processed the entry successfully.'),
  q('upload_create_time', 'datetime', 'When the upload was created.'),
  q('entry_create_time', 'datetime', 'When the entry was created.'),
  q('publish_time', 'datetime', 'When the upload was published.'),
  q('last_processing_time', 'datetime', 'When the entry was last processed.'),
  q('processing_errors', 'str', 'Errors NOMAD reported while processing the entry.', {
    many: true,
  }),
]

const PEOPLE_AND_DATASETS: SearchQuantity[] = [
  q('main_author.name', 'str', 'Name of the person who created the upload.'),
  q('main_author.user_id', 'str', 'Account identifier of the person who created the upload.'),
  q('authors.name', 'str', 'Names of all authors (main author and co-authors).', { many: true }),
  q('authors.user_id', 'str', 'Account identifiers of all authors.', { many: true }),
  q('viewers.name', 'str', 'Names of everyone who may see the entry.', { many: true }),
  q('viewers.user_id', 'str', 'Account identifiers of everyone who may see the entry.', {
    many: true,
  }),
  q('writers.name', 'str', 'Names of everyone who may edit the entry.', { many: true }),
  q('writers.user_id', 'str', 'Account identifiers of everyone who may edit the entry.', {
    many: true,
  }),
  q('viewer_groups', 'str', 'Groups whose members may see the entry.', { many: true }),
  q('writer_groups', 'str', 'Groups whose members may edit the entry.', { many: true }),
  q('datasets.dataset_id', 'str', 'Identifiers of the datasets that contain the entry.', {
    many: true,
  }),
  q('datasets.dataset_name', 'str', 'Names of the datasets that contain the entry.', {
    many: true,
  }),
  q('datasets.doi', 'str', 'DOIs of the datasets that contain the entry.', { many: true }),
]

const CONTENTS: SearchQuantity[] = [
  q('quantities', 'str', 'Paths of all quantities present in the entry, e.g. results.material.', {
    many: true,
  }),
  q('sections', 'str', 'Names of all section definitions used in the entry.', { many: true }),
  q('files', 'str', 'Paths of all files that belong to the entry.', { many: true }),
  q('text_search_contents', 'text', 'Free text collected from the entry for full-text search.', {
    many: true,
  }),
  ...nestedUnder('section_defs', [
    q('section_defs.definition_qualified_name', 'str', 'Qualified name of a used section.'),
    q('section_defs.definition_id', 'str', 'Identifier of a used section definition.'),
    q('section_defs.used_directly', 'bool', 'Whether the section is used directly.'),
  ]),
  ...nestedUnder('entry_references', [
    q('entry_references.source_name', 'str', 'Name of the quantity that holds a reference.'),
    q('entry_references.source_path', 'str', 'Path of the referencing quantity in the archive.'),
    q('entry_references.source_quantity', 'str', 'Definition of the referencing quantity.'),
    q('entry_references.target_reference', 'str', 'Full reference to the target.'),
    q('entry_references.target_entry_id', 'str', 'Entry that contains the referenced data.'),
    q('entry_references.target_mainfile', 'str', 'Main file of the referenced entry.'),
    q('entry_references.target_upload_id', 'str', 'Upload of the referenced entry.'),
    q('entry_references.target_name', 'str', 'Name of the referenced quantity or section.'),
    q('entry_references.target_path', 'str', 'Archive path of the referenced data.'),
  ]),
  ...nestedUnder('search_quantities', [
    q('search_quantities.id', 'str', 'Path and schema of a custom searchable value.'),
    q('search_quantities.definition', 'str', 'Definition of a custom searchable value.'),
    q('search_quantities.path_archive', 'str', 'Archive path of a custom searchable value.'),
    q('search_quantities.str_value', 'str', 'A custom searchable text value.'),
    q('search_quantities.int_value', 'int', 'A custom searchable whole number.'),
    q('search_quantities.float_value', 'float', 'A custom searchable number.'),
    q('search_quantities.datetime_value', 'datetime', 'A custom searchable date and time.'),
    q('search_quantities.bool_value', 'bool', 'A custom searchable yes/no value.'),
  ]),
]

export const METADATA_QUANTITIES: readonly SearchQuantity[] = [
  ...IDS_AND_NAMES,
  ...STATUS_AND_TIMES,
  ...PEOPLE_AND_DATASETS,
  ...CONTENTS,
]
