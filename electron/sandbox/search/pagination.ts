import { z } from 'zod'
import { validateOrderBy, type QuantityCatalogue } from '../../../shared/query'
import { toValidationItems } from '../auth/fastapi-validation'
import { unprocessable, type ValidationItem } from '../http-error'

/**
 * MetadataPagination of entry searches (facts §2.4): page_size (default 10, ≥ 0), order_by
 * (any scalar quantity, default entry_id), order, and at most one of page / page_offset /
 * page_after_value, within the 10 000-result window. The sandbox adds a configurable maximum
 * page size (the real API has none; a real deployment's Elasticsearch refuses large windows).
 */
export interface MetadataPagination {
  page_size: number
  order_by: string
  order: 'asc' | 'desc'
  page_after_value?: string
  page?: number
  page_offset?: number
}

export const WINDOW = 10_000

const schema = z.looseObject({
  page_size: z.number().int().min(0).nullish(),
  order_by: z.string().nullish(),
  order: z.enum(['asc', 'desc']).nullish(),
  page_after_value: z.string().nullish(),
  page: z.number().int().min(1).nullish(),
  page_offset: z.number().int().min(0).nullish(),
})

export type PaginationInput = z.input<typeof schema>

export interface PaginationCheck {
  /** Where errors are located: the JSON body's `pagination` or the query string. */
  where: 'body' | 'query'
  maxPageSize: number
  /** Default order_by (entry_id for entries). */
  defaultOrderBy: string
  catalogue: QuantityCatalogue
}

function loc(check: PaginationCheck, field: string): (string | number)[] {
  return check.where === 'body' ? ['body', 'pagination', field] : ['query', field]
}

export function parsePagination(raw: unknown, check: PaginationCheck): MetadataPagination {
  const parsed = schema.safeParse(raw ?? {}, { reportInput: true })
  if (!parsed.success) {
    const root = check.where === 'body' ? 'body' : 'query'
    const items = toValidationItems(parsed.error.issues, root)
    if (check.where === 'body')
      for (const item of items)
        item.loc = ['body', 'pagination', ...item.loc.slice(1)] as (string | number)[]
    throw unprocessable(items)
  }
  const p = parsed.data
  const pageSize = p.page_size ?? 10
  const items: ValidationItem[] = []
  const given = [p.page, p.page_offset, p.page_after_value].filter(
    (v) => v !== null && v !== undefined,
  )
  if (given.length > 1) {
    items.push({
      loc: loc(check, '__root__'),
      msg: 'Can only specify one `page_offset`, `page`, or `page_after_value`.',
      type: 'value_error',
    })
  }
  if (pageSize === 0 && given.length > 0) {
    items.push({
      loc: loc(check, '__root__'),
      msg: 'Cannot specify `page_offset`, `page`, or `page_after_value` when `page_size` is set to 0.',
      type: 'value_error',
    })
  }
  if (pageSize > check.maxPageSize) {
    items.push({
      loc: loc(check, 'page_size'),
      msg: `ensure this value is less than or equal to ${check.maxPageSize} (the maximum page size of this server)`,
      type: 'value_error.number.not_le',
      ctx: { limit_value: check.maxPageSize },
    })
  }
  if (p.page !== null && p.page !== undefined && p.page * pageSize >= WINDOW) {
    items.push({
      loc: loc(check, 'page'),
      msg: 'Pagination by `page` is limited to 10.000 entries.',
      type: 'value_error',
    })
  }
  if (p.page_offset !== null && p.page_offset !== undefined && p.page_offset + pageSize >= WINDOW) {
    items.push({
      loc: loc(check, 'page_offset'),
      msg: 'Page offset plus page size has to be smaller thant 10.0000.',
      type: 'value_error',
    })
  }
  if (items.length > 0) throw unprocessable(items)
  const orderBy =
    p.order_by === null || p.order_by === undefined
      ? check.defaultOrderBy
      : validateOrderBy(p.order_by, check.catalogue)
  const out: MetadataPagination = {
    page_size: pageSize,
    order_by: orderBy,
    order: p.order ?? 'asc',
  }
  if (p.page_after_value !== null && p.page_after_value !== undefined)
    out.page_after_value = p.page_after_value
  if (p.page !== null && p.page !== undefined) out.page = p.page
  if (p.page_offset !== null && p.page_offset !== undefined) out.page_offset = p.page_offset
  return out
}
