import type { AppError } from '../../../shared/errors'
import type {
  DownloadSource,
  DownloadSpecInput,
  PlanProblem,
} from '../../../shared/ipc/channels/downloads'
import type { JsonObject } from '../../../shared/api'

/** The dialog's editable state, as typed (globs one per line, `required` as JSON text). */
export interface PlanForm {
  destination: string
  label: string
  include: string
  exclude: string
  existing: 'skip-identical' | 'overwrite' | 'keep-both'
  priority: 'high' | 'normal' | 'low'
  /** Archive jobs only. */
  required: string
  format: 'json-per-entry' | 'jsonl'
}

export type PlanField = PlanProblem['field'] | 'required' | 'label'

/** One pattern per line; blank lines and surrounding spaces are not patterns. */
export const splitGlobs = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

/** The `required` text as an object, or the sentence that says why it is not one. */
export function parseRequired(text: string): { value: JsonObject } | { error: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: 'The required object must be a JSON object, e.g. {"results": "*"}.' }
  return { value: value as JsonObject }
}

/** The spec the form describes, or the form's own error (before asking the engine). */
export function specOf(
  serverId: string,
  source: DownloadSource,
  form: PlanForm,
): { spec: DownloadSpecInput } | { field: PlanField; error: string } {
  let planned = source
  if (source.kind === 'archive') {
    const required = parseRequired(form.required)
    if ('error' in required) return { field: 'required', error: required.error }
    planned = { ...source, required: required.value, format: form.format }
  }
  const label = form.label.trim()
  return {
    spec: {
      serverId,
      source: planned,
      destination: form.destination.trim(),
      ...(label ? { label } : {}),
      include: splitGlobs(form.include),
      exclude: splitGlobs(form.exclude),
      existing: form.existing,
      priority: form.priority,
    },
  }
}

const FIELDS: readonly PlanField[] = [
  'destination',
  'include',
  'exclude',
  'source',
  'server',
  'space',
  'required',
  'label',
]

/** Which field an IPC refusal names (its details.path), so it is shown there too. */
export function fieldOfError(error: AppError | null): PlanField | undefined {
  const path = error?.details?.path
  const first = path?.[0] === 'source' && path[1] === 'required' ? 'required' : path?.[0]
  return FIELDS.find((field) => field === first)
}

/** "Raw files of 50 selected entries": what the job fetches, in words. */
export function describeSource(source: DownloadSource): string {
  switch (source.kind) {
    case 'search':
      return 'Raw files of every entry the search matches'
    case 'entries':
      return `Raw files of ${source.entryIds.length.toLocaleString('en-US')} selected ${source.entryIds.length === 1 ? 'entry' : 'entries'}`
    case 'upload':
      return `Every file of upload ${source.uploadId}`
    case 'upload-paths': {
      // One path is named (the file browser's "Download file"); more are counted.
      const [only] = source.paths
      if (only !== undefined && source.paths.length === 1)
        return `${only} from upload ${source.uploadId}`
      return `${source.paths.length.toLocaleString('en-US')} files or folders of upload ${source.uploadId}`
    }
    case 'archive':
      return 'Archive data of every entry the search matches'
  }
}

/** The `required` an archive export starts with: the entry's metadata and its results. */
export const DEFAULT_REQUIRED = { metadata: '*', results: '*' }
