/**
 * Parses a previewed file for the tree and table views. The parsers load on first use (the
 * `yaml` and `papaparse` packages are not part of the first screen).
 */
export type Parsed =
  | { ok: true; kind: 'tree'; value: unknown }
  | { ok: true; kind: 'table'; header: string[]; rows: string[][]; truncated: boolean }
  | { ok: false; message: string }

/** Rows a CSV table shows; the text view shows the rest. */
export const MAX_CSV_ROWS = 1000

export async function parseStructured(text: string, as: 'json' | 'yaml' | 'csv'): Promise<Parsed> {
  try {
    if (as === 'json') return { ok: true, kind: 'tree', value: JSON.parse(text) as unknown }
    if (as === 'yaml') {
      const { parse } = await import('yaml')
      return { ok: true, kind: 'tree', value: parse(text) as unknown }
    }
    const { default: Papa } = await import('papaparse')
    const result = Papa.parse<string[]>(text, { skipEmptyLines: true, preview: MAX_CSV_ROWS + 1 })
    const [header = [], ...rows] = result.data
    return {
      ok: true,
      kind: 'table',
      header,
      rows: rows.slice(0, MAX_CSV_ROWS),
      truncated: rows.length > MAX_CSV_ROWS,
    }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}
