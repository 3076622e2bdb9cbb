import { LazyList } from '../server/json'
import { metadataSection, resultsSection } from './archive-results'
import {
  calculationSection,
  methodSection,
  processingLogs,
  programSection,
  systemSection,
} from './archive-sections'
import { calculationCount, legacyWorkflow, workflow2 } from './archive-workflows'
import type { EntryDoc, EntryMeta, UploadRecord } from './model'
import { savedFrames, thermoCalculation } from './long-trajectory'

/**
 * The archive of an entry (facts §11), generated from its skeleton on every request. The
 * per-step lists `run[0].system` and `run[0].calculation` are LazyLists: a 30 MB trajectory
 * is produced frame by frame while it is serialised, never held whole.
 * References: calculation.system_ref/method_ref and workflow2 inputs/outputs/tasks/results in
 * the `#/run/0/...` form, the legacy `workflow` list and results properties in the
 * `/run/0/...` and `/workflow/0/...` forms, and for entries that start from another entry's
 * relaxed structure a cross-entry `../uploads/<id>/archive/<id>#/...`.
 */

export interface ArchiveInput {
  meta: EntryMeta
  doc: EntryDoc
  upload: UploadRecord
  /** Dataset ids of the entry. */
  datasetIds: string[]
  /** The cross-entry reference to the input structure, when there is one. */
  inputReference?: string
}

export function buildArchive(input: ArchiveInput): Record<string, unknown> {
  const { meta, doc } = input
  const start = Date.parse(doc.entry_create_time)
  const steps = calculationCount(meta)
  // A long trajectory keeps its structure every so many steps, its energies every step.
  const frames = meta.longTrajectory
    ? savedFrames(meta)
    : { count: steps, stepOf: (i: number) => i }
  const calculation = meta.longTrajectory ? thermoCalculation : calculationSection
  const archive: Record<string, unknown> = {
    processing_logs: processingLogs(meta, doc.parser_name, start),
    run: [
      {
        program: programSection(meta),
        method: [methodSection(meta)],
        system: new LazyList(frames.count, (i) => systemSection(meta, frames.stepOf(i))),
        calculation: new LazyList(steps, (i) => calculation(meta, i)),
      },
    ],
    workflow2: workflow2(meta, input.inputReference),
  }
  const legacy = legacyWorkflow(meta)
  if (legacy) archive.workflow = legacy
  archive.metadata = metadataSection(input)
  archive.results = resultsSection(meta, doc)
  return archive
}
