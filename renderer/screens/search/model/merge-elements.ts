/**
 * Several element criteria side by side (elements:all, elements:none, elements_exclusive) are one
 * periodic table. They merge when the merged criterion means exactly the same: includes and
 * excludes always do (all A and all B = all A∪B); "only these" absorbs others only when it
 * already implies them.
 */
import type { BuilderNode, ElementsCriterion } from './types'

export function mergeElements(nodes: BuilderNode[]): BuilderNode[] {
  const out: BuilderNode[] = []
  for (const node of nodes) {
    if (node.kind !== 'elements') {
      out.push(node)
      continue
    }
    const index = out.findIndex((n) => n.kind === 'elements' && canMerge(n, node))
    const target = out[index]
    if (index < 0 || target?.kind !== 'elements') out.push(node)
    else out[index] = merge(target, node)
  }
  return out
}

function canMerge(a: ElementsCriterion, b: ElementsCriterion): boolean {
  if (a.only && b.only) return sameSet(a.include, b.include)
  if (!a.only && !b.only) return true
  const exclusive = a.only ? a : b
  const other = a.only ? b : a
  const set = new Set(exclusive.include)
  return other.include.every((e) => set.has(e)) && other.exclude.every((e) => !set.has(e))
}

function merge(a: ElementsCriterion, b: ElementsCriterion): ElementsCriterion {
  if (a.only || b.only) {
    const exclusive = a.only ? a : b
    return { ...a, include: [...exclusive.include], exclude: [], only: true }
  }
  return {
    ...a,
    include: union(a.include, b.include),
    exclude: union(a.exclude, b.exclude),
  }
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])]
}

function sameSet(a: string[], b: string[]): boolean {
  const set = new Set(a)
  return a.length === b.length && b.every((e) => set.has(e))
}
