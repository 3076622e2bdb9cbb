import { readRequired, RequiredError, type Tick } from '../../../shared/archive/required'
import { checkTicks } from '../../../shared/archive/required-ticks'
import type { ArchiveShape } from '../../../shared/archive/references'

/** The JSON pane's text read back into ticks, or what is wrong with it and on which line. */
export type ReadJson =
  | { ok: true; ticks: Tick[]; resolveInplace: boolean }
  | { ok: false; message: string; line: number | undefined }

/** Line (1-based) of a character position in `text`. */
const lineOf = (text: string, position: number) => text.slice(0, position).split('\n').length

/**
 * The line of a key path in the JSON text: each key searched for after the previous one, so
 * `run[0] › calculaton` finds the `"calculaton"` inside run[0] rather than an earlier one.
 */
export function lineOfKeys(text: string, keys: readonly string[]): number | undefined {
  let from = 0
  let found: number | undefined
  for (const key of keys) {
    const at = text.indexOf(JSON.stringify(key), from)
    if (at < 0) return found === undefined ? undefined : lineOf(text, found)
    found = at
    from = at + 1
  }
  return found === undefined ? undefined : lineOf(text, found)
}

/**
 * Reads what the researcher typed: JSON syntax (with the line of the mistake), the `required`
 * rules the server applies (shared/archive/required.ts), and keys the loaded archive lacks.
 */
export function readRequiredJson(text: string, shape: ArchiveShape | undefined): ReadJson {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const position = /position (\d+)/.exec(message)?.[1]
    const line = position === undefined ? undefined : lineOf(text, Number(position))
    return {
      ok: false,
      message: `Not JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
      line,
    }
  }
  try {
    const read = readRequired(value)
    const problem = shape ? checkTicks(read.ticks, shape)[0] : undefined
    if (problem) {
      return { ok: false, message: problem.message, line: lineOfKeys(text, problem.location) }
    }
    return { ok: true, ...read }
  } catch (error) {
    if (!(error instanceof RequiredError)) throw error
    const where = error.location.length > 0 ? ` at ${error.location.join(' › ')}` : ''
    return {
      ok: false,
      message: `${capitalize(error.message)}${where}`,
      line: lineOfKeys(text, error.location),
    }
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
