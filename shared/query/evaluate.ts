/**
 * compileQuery: a normalised query → a predicate over search documents, built once as closures
 * so that filtering many documents allocates (almost) nothing per document.
 *
 * Semantics follow Elasticsearch as the real server uses it: a criterion matches if some value
 * on its path matches (lists anywhere on the path fan out); `all` needs every value matched by
 * some value; `none` needs none; empty operator lists match everything; criteria inside a
 * {prefix, query} must all hold for the SAME nested object; a nested field used outside its
 * nested query matches nothing.
 */
import { compilePath } from './doc-path'
import { QueryExecutionError, unknownQuantityError } from './errors'
import { equalsAny, rangeMatcher } from './matchers'
import { optimadeToQuery } from './optimade'
import { OPTIMADE_FILTER, type QuantityCatalogue } from './quantities'
import {
  isAnd,
  isCriteria,
  isNested,
  isNot,
  isOr,
  isRangeValue,
  listOpOf,
  type Criteria,
  type Doc,
  type NormalizedQuery,
  type Scalar,
} from './types'

export type DocPredicate = (doc: Doc) => boolean
type NodePredicate = (node: unknown) => boolean

const always: NodePredicate = () => true
const never: NodePredicate = () => false

export interface CompileOptions {
  /**
   * What a nested quantity does outside its {prefix, query}: 'none' matches nothing, as
   * Elasticsearch does (default, for the sandbox); 'flatten' reads it like any list, which a
   * query builder preview may prefer for hand-written internal forms.
   */
  nestedOutsideQuery?: 'none' | 'flatten'
}

/** Compiles a normalised query (as returned by normalizeQuery) into a document predicate. */
export function compileQuery(
  query: NormalizedQuery,
  catalogue: QuantityCatalogue,
  options: CompileOptions = {},
): DocPredicate {
  return compile(query, { catalogue, flatten: options.nestedOutsideQuery === 'flatten' }, null)
}

interface Context {
  catalogue: QuantityCatalogue
  flatten: boolean
}

function compile(query: NormalizedQuery, ctx: Context, prefix: string | null): NodePredicate {
  if (isAnd(query)) return allOf(query.and.map((q) => compile(q, ctx, prefix)))
  if (isOr(query)) return anyOf(query.or.map((q) => compile(q, ctx, prefix)))
  if (isNot(query)) {
    const inner = compile(query.not, ctx, prefix)
    return (node) => !inner(node)
  }
  if (isNested(query)) return compileNested(query.prefix, query.query, ctx, prefix)
  if (isCriteria(query)) return compileCriteria(query, ctx, prefix)
  return always
}

function allOf(preds: NodePredicate[]): NodePredicate {
  if (preds.length === 0) return always
  if (preds.length === 1) return preds[0] ?? always
  if (preds.length === 2) {
    const [a = always, b = always] = preds
    return (node) => a(node) && b(node)
  }
  return (node) => {
    for (const p of preds) if (!p(node)) return false
    return true
  }
}

/** An empty `or` is Elasticsearch's bool without clauses: it matches everything. */
function anyOf(preds: NodePredicate[]): NodePredicate {
  if (preds.length === 0) return always
  if (preds.length === 1) return preds[0] ?? always
  return (node) => {
    for (const p of preds) if (p(node)) return true
    return false
  }
}

function compileNested(
  nestedPrefix: string,
  query: NormalizedQuery,
  ctx: Context,
  prefix: string | null,
): NodePredicate {
  const inside = prefix === null || nestedPrefix.startsWith(`${prefix}.`)
  if (!ctx.catalogue.isNestedPrefix(nestedPrefix) || !inside)
    throw new QueryExecutionError(
      `[nested] failed to find nested object under path [${nestedPrefix}]`,
    )
  const walker = compilePath(prefix === null ? nestedPrefix : nestedPrefix.slice(prefix.length + 1))
  const inner = compile(query, ctx, nestedPrefix)
  const isObject = (value: unknown) => typeof value === 'object' && inner(value)
  return (node) => walker.some(node, isObject)
}

function compileCriteria(criteria: Criteria, ctx: Context, prefix: string | null): NodePredicate {
  const name = prefix === null ? criteria.name : `${prefix}.${criteria.name}`
  const value = criteria.value
  const op = listOpOf(value)
  const list = op === null ? null : ((value as Record<string, Scalar[]>)[op] ?? [])
  // Elasticsearch's bool query without clauses matches everything; nothing is validated then.
  if (list !== null && list.length === 0) return always
  if (name === OPTIMADE_FILTER && !isRangeValue(value)) return compileOptimade(value, ctx)
  const quantity = ctx.catalogue.get(name)
  if (quantity === undefined) throw unknownQuantityError(name)
  const nested = quantity.nestedPrefix ?? null
  if (nested !== prefix && !(ctx.flatten && prefix === null)) return never
  const path = quantity.docPath ?? quantity.name
  const walker = compilePath(prefix === null ? path : path.slice(prefix.length + 1))
  if (list === null) {
    const leaf = isRangeValue(value)
      ? rangeMatcher(quantity, value)
      : equalsAny(quantity, [value as Scalar])
    return (node) => walker.some(node, leaf)
  }
  if (op === 'all') {
    const leaves = list.map((v) => equalsAny(quantity, [v]))
    return allOf(leaves.map((leaf) => (node) => walker.some(node, leaf)))
  }
  const leaf = equalsAny(quantity, list)
  if (op === 'none') return (node) => !walker.some(node, leaf)
  return (node) => walker.some(node, leaf)
}

function compileOptimade(value: Criteria['value'], ctx: Context): NodePredicate {
  const op = listOpOf(value)
  const filters = op === null ? [value as Scalar] : ((value as Record<string, Scalar[]>)[op] ?? [])
  const preds = filters.map((f) => compile(optimadeToQuery(String(f)), ctx, null))
  if (op === 'all') return allOf(preds)
  const any = anyOf(preds)
  return op === 'none' ? (node) => !any(node) : any
}

/** Filters documents with a compiled query; convenience for small sets and tests. */
export function filterDocs<T extends Doc>(
  docs: Iterable<T>,
  query: NormalizedQuery,
  catalogue: QuantityCatalogue,
  options: CompileOptions = {},
): T[] {
  const predicate = compileQuery(query, catalogue, options)
  const out: T[] = []
  for (const doc of docs) if (predicate(doc)) out.push(doc)
  return out
}
