import type { JsonObject } from '../../../shared/api'
import type { ArchiveAnswer, ArchiveMark } from '../../../shared/ipc/channels/archive'

/**
 * EntryArchive's sections as NOMAD and the sandbox know them (facts §11), in the order a
 * researcher reads them. A server whose schema lacks one says "EntryArchive has no property X";
 * the name is then dropped and the request repeated.
 */
export const TOP_LEVEL_SECTIONS = [
  'metadata',
  'results',
  'run',
  'workflow2',
  'workflow',
  'data',
  'measurement',
  'definitions',
  'processing_logs',
]

/**
 * The top level as the viewer gets it: each section of `archive` (in `names` order, then the
 * rest) as a placeholder to expand, lists with their lengths, plain values as they are.
 */
export function sectionsAnswer(archive: JsonObject, names: readonly string[]): ArchiveAnswer {
  const value: JsonObject = {}
  const marks: ArchiveMark[] = []
  const order = [...names, ...Object.keys(archive).filter((key) => !names.includes(key))]
  for (const key of order) {
    const child = archive[key]
    if (child === undefined || key === 'm_ref_archives') continue
    if (Array.isArray(child)) {
      value[key] = []
      const items = child.every((item) => typeof item === 'object' && item !== null)
      marks.push({
        kind: 'partial',
        path: [key],
        length: child.length,
        items: items ? 'section' : 'value',
      })
    } else if (typeof child === 'object' && child !== null) {
      value[key] = null
      marks.push({ kind: 'lazy', path: [key] })
    } else value[key] = child
  }
  return { path: [], value, marks }
}
