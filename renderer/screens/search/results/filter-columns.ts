/**
 * Quantities the researcher filters on that the table does not show yet: filtering on a band
 * gap and not seeing band gaps in the results leaves them guessing, so the toolbar offers them
 * as columns.
 */
import type { QuantityCatalogue } from '../../../../shared/query'
import { ELEMENTS, type BuilderNode } from '../model'

/** The quantities named by the criteria of the tree, in order, each once. */
export function filteredQuantities(node: BuilderNode): string[] {
  const out: string[] = []
  const visit = (n: BuilderNode) => {
    switch (n.kind) {
      case 'group':
        n.children.forEach(visit)
        return
      case 'elements':
        if (n.include.length > 0 || n.exclude.length > 0) out.push(ELEMENTS)
        return
      case 'optimade':
      case 'raw':
        // Free-form queries: the quantities they name are not reliably known.
        return
      case 'terms':
      case 'range':
      case 'date':
      case 'author':
      case 'generic':
        out.push(n.quantity)
    }
  }
  visit(node)
  return [...new Set(out)]
}

/** Filtered quantities that can be a column (known, not free text) and are not shown. */
export function missingFilterColumns(
  model: BuilderNode,
  columns: string[],
  catalogue: QuantityCatalogue,
): string[] {
  return filteredQuantities(model).filter((name) => {
    const q = catalogue.get(name)
    return q !== undefined && q.type !== 'text' && !columns.includes(name)
  })
}
