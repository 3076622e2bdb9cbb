import { AppError } from '../errors/app-error'

/**
 * Errors of the query library, shaped like the real server's answers so the sandbox can render
 * them verbatim: 422 `{detail: [{loc, msg, type?}]}` for validation, 400 `{detail: string}` for
 * what Elasticsearch itself would reject. Both are AppErrors with the closed code
 * `invalid_input`, so a store other than the sandbox (the offline library) passes them across
 * IPC like any other error; the items and detail stay on them for the sandbox's HTTP bodies.
 */

/**
 * FastAPI-style location. Request-model (pydantic) errors use a flat path such as
 * `["body", "query", "any"]`; search-level errors are doubly nested (`[["mispelled"]]`) because
 * the real server wraps their location list in a tuple.
 */
export type ValidationLoc = (string | number)[] | [(string | number)[]]

export interface ValidationItem {
  loc: ValidationLoc
  msg: string
  type?: string
  ctx?: Record<string, unknown>
}

/** The first item's location as one flat path (search-level locs are nested once). */
function flatPath(items: ValidationItem[]): (string | number)[] {
  const loc = items[0]?.loc ?? []
  return loc.flatMap((part: string | number | (string | number)[]) => part)
}

/** A request the real server answers with 422. */
export class QueryValidationError extends AppError {
  readonly status = 422
  constructor(readonly items: ValidationItem[]) {
    super('invalid_input', items.map((item) => item.msg).join('; '), {
      status: 422,
      path: flatPath(items),
    })
    this.name = 'QueryValidationError'
  }
}

/** A request the real server lets through validation but Elasticsearch rejects (HTTP 400). */
export class QueryExecutionError extends AppError {
  readonly status = 400
  readonly detail: string
  constructor(reason: string) {
    super('invalid_input', `Elasticsearch could not process your query: ${reason}`, {
      status: 400,
    })
    this.name = 'QueryExecutionError'
    this.detail = this.message
  }
}

/** Search-level error (search.py QueryValidationError): doubly nested loc, exception type. */
export function searchError(msg: string, loc: (string | number)[]): QueryValidationError {
  return new QueryValidationError([{ loc: [loc], msg, type: 'value_error.exception' }])
}

/** Request-model error (pydantic), located under the request body. */
export function bodyError(
  loc: (string | number)[],
  msg: string,
  type: string,
  ctx?: Record<string, unknown>,
): QueryValidationError {
  const item: ValidationItem = { loc: ['body', ...loc], msg, type }
  if (ctx !== undefined) item.ctx = ctx
  return new QueryValidationError([item])
}

/** Hand-made 422 of the GET parameter parser: only loc and msg, as the real server sends. */
export function paramError(loc: (string | number)[], msg: string): QueryValidationError {
  return new QueryValidationError([{ loc, msg }])
}

export function unknownQuantityError(
  name: string,
  loc?: (string | number)[],
): QueryValidationError {
  return searchError(`${name} is not a doc quantity`, loc ?? [name])
}

/** The 422 body the sandbox sends for a QueryValidationError. */
export function render422Body(error: QueryValidationError): { detail: ValidationItem[] } {
  return { detail: error.items.map((item) => ({ ...item })) }
}

/** The 400 body the sandbox sends for a QueryExecutionError. */
export function render400Body(error: QueryExecutionError): { detail: string } {
  return { detail: error.detail }
}
