import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { unprocessable, type ValidationItem } from '../http-error'

/**
 * Request validation answered like FastAPI + pydantic 1: status 422 with
 * `{"detail": [{"loc": ["body", "metadata", "scopes"], "msg": "field required",
 * "type": "value_error.missing"}]}`, one item per failing field (pydantic stops at a field's
 * first failing check), path parameters first, then query, then body. Routes run this from their
 * own preValidation hook, after the auth checks, so 401/403 win over 422 as on the real server.
 */
export type LocRoot = 'path' | 'query' | 'body'

export interface InputSchemas {
  params?: z.ZodType
  querystring?: z.ZodType
  body?: z.ZodType
}

/** Use as `params` of z.custom/refine issues to control the pydantic `type` and `ctx`. */
export interface IssueParams {
  type?: string
  ctx?: Record<string, unknown>
}

type Issue = z.core.$ZodIssue

function stripRegexDelimiters(pattern: string): string {
  const match = /^\/(.*)\/[a-z]*$/s.exec(pattern)
  return match?.[1] ?? pattern
}

function permitted(values: readonly unknown[]): string {
  return values
    .map((value) => (typeof value === 'string' ? `'${value}'` : String(value)))
    .join(', ')
}

// Every numeric field of these routes is an int in the real models, hence "integer".
const TYPE_ERRORS: Partial<Record<string, Omit<ValidationItem, 'loc'>>> = {
  string: { msg: 'str type expected', type: 'type_error.str' },
  number: { msg: 'value is not a valid integer', type: 'type_error.integer' },
  int: { msg: 'value is not a valid integer', type: 'type_error.integer' },
  boolean: { msg: 'value could not be parsed to a boolean', type: 'type_error.bool' },
  array: { msg: 'value is not a valid list', type: 'type_error.list' },
  object: { msg: 'value is not a valid dict', type: 'type_error.dict' },
}

function typeError(issue: Extract<Issue, { code: 'invalid_type' }>): Omit<ValidationItem, 'loc'> {
  if (issue.input === undefined) return { msg: 'field required', type: 'value_error.missing' }
  if (issue.input === null) {
    return { msg: 'none is not an allowed value', type: 'type_error.none.not_allowed' }
  }
  return (
    TYPE_ERRORS[issue.expected] ?? {
      msg: issue.message,
      type: 'type_error',
    }
  )
}

function bound(
  issue: Extract<Issue, { code: 'too_small' | 'too_big' }>,
): Omit<ValidationItem, 'loc'> {
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum
  const ctx = { limit_value: typeof limit === 'bigint' ? Number(limit) : limit }
  if (issue.origin === 'string') {
    return issue.code === 'too_small'
      ? {
          msg: `ensure this value has at least ${limit} characters`,
          type: 'value_error.any_str.min_length',
          ctx,
        }
      : {
          msg: `ensure this value has at most ${limit} characters`,
          type: 'value_error.any_str.max_length',
          ctx,
        }
  }
  if (issue.code === 'too_small') {
    return issue.inclusive
      ? {
          msg: `ensure this value is greater than or equal to ${limit}`,
          type: 'value_error.number.not_ge',
          ctx,
        }
      : {
          msg: `ensure this value is greater than ${limit}`,
          type: 'value_error.number.not_gt',
          ctx,
        }
  }
  return issue.inclusive
    ? {
        msg: `ensure this value is less than or equal to ${limit}`,
        type: 'value_error.number.not_le',
        ctx,
      }
    : { msg: `ensure this value is less than ${limit}`, type: 'value_error.number.not_lt', ctx }
}

function describe(issue: Issue): Omit<ValidationItem, 'loc'> {
  if (issue.code === 'invalid_type') return typeError(issue)
  if (issue.code === 'too_small' || issue.code === 'too_big') return bound(issue)
  if (issue.code === 'invalid_format' && issue.format === 'regex' && 'pattern' in issue) {
    const pattern = stripRegexDelimiters(String(issue.pattern))
    return {
      msg: `string does not match regex "${pattern}"`,
      type: 'value_error.str.regex',
      ctx: { pattern },
    }
  }
  if (issue.code === 'invalid_value') {
    if ('expected' in issue && issue.expected === 'stringbool') {
      return { msg: 'value could not be parsed to a boolean', type: 'type_error.bool' }
    }
    return {
      msg: `value is not a valid enumeration member; permitted: ${permitted(issue.values)}`,
      type: 'type_error.enum',
      ctx: { enum_values: issue.values },
    }
  }
  if (issue.code === 'custom') {
    const params = (issue.params ?? {}) as IssueParams
    return {
      msg: issue.message,
      type: params.type ?? 'value_error',
      ...(params.ctx ? { ctx: params.ctx } : {}),
    }
  }
  return { msg: issue.message, type: 'value_error' }
}

/** Zod issues as FastAPI items under `root`, at most one per field. */
export function toValidationItems(issues: readonly Issue[], root: LocRoot): ValidationItem[] {
  const seen = new Set<string>()
  const items: ValidationItem[] = []
  for (const issue of issues) {
    const loc = [
      root,
      ...issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    ]
    const key = JSON.stringify(loc)
    if (seen.has(key)) continue
    seen.add(key)
    items.push({ loc, ...describe(issue) })
  }
  return items
}

/** Validates the raw inputs (before fastify's own validation) and throws a 422 listing all. */
export function validateInputs(request: FastifyRequest, schemas: InputSchemas): void {
  const parts: [z.ZodType | undefined, unknown, LocRoot][] = [
    [schemas.params, request.params, 'path'],
    [schemas.querystring, request.query, 'query'],
    [schemas.body, request.body, 'body'],
  ]
  const items: ValidationItem[] = []
  for (const [schema, value, root] of parts) {
    if (!schema) continue
    const result = schema.safeParse(value, { reportInput: true })
    if (!result.success) items.push(...toValidationItems(result.error.issues, root))
  }
  if (items.length > 0) throw unprocessable(items)
}
