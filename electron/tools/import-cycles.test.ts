import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No import cycles in electron/ and shared/, type-only imports included: a cycle of types still
 * ties two modules into one unit that cannot be read, moved or tested apart. Walks the static
 * relative imports and re-exports of every .ts file and reports each strongly connected group.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const SCANNED = ['electron', 'shared']
const SPECIFIER = /(?:\bfrom|^\s*import)\s+['"](\.{1,2}\/[^'"]+)['"]/gm

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name)
    if (item.isDirectory()) return item.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(item.name) && !item.name.endsWith('.d.ts') ? [path] : []
  })
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
  return candidates.find((path) => {
    try {
      return statSync(path).isFile()
    } catch {
      return false
    }
  })
}

function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const targets = [...text.matchAll(SPECIFIER)]
      .map((match) => resolveImport(file, match[1] ?? ''))
      .filter((path): path is string => path !== undefined)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Tarjan's strongly connected components; every group of two or more files is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1) groups.push(group)
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return groups
}

describe('imports', () => {
  it('form no cycles in electron/ and shared/', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)))
    const found = cycles(importGraph(files)).map((group) =>
      group.map((file) => relative(ROOT, file)).sort(),
    )
    expect(found).toEqual([])
  })
})
