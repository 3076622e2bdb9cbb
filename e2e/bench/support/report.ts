import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { format, resolveConfig } from 'prettier'

export const REPO_ROOT = resolve(import.meta.dirname, '../../..')

/** One budget of a benchmark: a row of its report, PASS or FAIL. */
export interface BenchTarget {
  metric: string
  target: string
  measured: string
  reference: string
  pass: boolean
}

/** Writes a file below the repository root, creating folders. */
export function writeReport(relativePath: string, content: string): string {
  const path = resolve(REPO_ROOT, relativePath)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
  return path
}

/** A markdown table; cells are escaped for pipes. */
export function markdownTable(header: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|')
  const line = (cells: string[]) => `| ${cells.map(escape).join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

/** Machine facts for the report header: results drift ±30 % between machines and runs. */
export function machineFacts() {
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator
      ?.hardwareConcurrency,
    date: new Date().toISOString(),
  }
}

/** Writes a markdown report formatted like the rest of the docs (`npm run lint` checks it). */
export async function writeMarkdownReport(relativePath: string, markdown: string): Promise<string> {
  const path = resolve(REPO_ROOT, relativePath)
  const config = (await resolveConfig(path)) ?? {}
  return writeReport(relativePath, await format(markdown, { ...config, parser: 'markdown' }))
}

/** Writes a JSON report formatted like the rest of the repository (`npm run lint` checks it). */
export async function writeJsonReport(relativePath: string, value: unknown): Promise<string> {
  const path = resolve(REPO_ROOT, relativePath)
  const config = (await resolveConfig(path)) ?? {}
  return writeReport(
    relativePath,
    await format(JSON.stringify(value), { ...config, parser: 'json' }),
  )
}
