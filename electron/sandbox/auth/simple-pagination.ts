import { z } from 'zod'
import { badRequest } from '../http-error'
import { int, scalar } from './query-params'

/**
 * NOMAD's index-based ("simple") pagination (nomad/app/v1/models/pagination.py): request fields
 * page_size / page / page_offset / page_after_value with their validation texts, and the
 * response populated by populate_simple_index_and_urls: `page` recomputed, `page_after_value`
 * and `next_page_after_value` as string indices, URLs rewritten from the request URL, and
 * 400 "Page out of range requested." past the end.
 */
export interface SimplePagination {
  page_size: number
  order_by: string
  order: 'asc' | 'desc'
  page: number | null
  page_offset: number | null
  page_after_value: string | null
}

export interface SimplePaginationResponse {
  page_size: number
  order_by: string
  order: 'asc' | 'desc'
  page_after_value: string | null
  page: number
  page_offset: number | null
  total: number
  next_page_after_value: string | null
  page_url: string
  next_page_url: string | null
  prev_page_url: string | null
  first_page_url: string | null
}

const custom = (message: string, type: string) => ({ message, params: { type } })

/** The pagination query fields; `orderBy` is the endpoint's enum with its default. */
export function paginationQueryShape<T extends z.ZodType>(orderBy: T) {
  return {
    page_size: int()
      .refine((n) => n >= 0, custom('page_size must be >= 0', 'invalid_page_size'))
      .optional(),
    page: int()
      .refine((n) => n >= 1, custom('page must be >= 1', 'invalid_page'))
      .optional(),
    page_offset: int()
      .refine((n) => n >= 0, custom('page_offset must be >= 0', 'invalid_page_offset'))
      .optional(),
    // An index; the real server's int() of anything else is an unhandled 500.
    page_after_value: scalar(
      z
        .string()
        .regex(/^\s*[-+]?\d+\s*$/, 'value is not a valid integer')
        .refine(
          (text) => Number(text) >= -1,
          custom('page_after_value must be >= -1', 'invalid_page_after_value'),
        ),
    ).optional(),
    order_by: scalar(orderBy).optional(),
    order: scalar(z.enum(['asc', 'desc'])).optional(),
  }
}

interface RawPagination {
  page_size?: number | undefined
  page?: number | undefined
  page_offset?: number | undefined
  page_after_value?: string | undefined
}

/** Model-level rules, as zod superRefine issues at the query root or on `page`. */
export function checkPagination(
  raw: RawPagination,
  addIssue: (issue: z.core.$ZodRawIssue) => void,
) {
  const size = raw.page_size ?? 10
  const given = [raw.page_offset, raw.page, raw.page_after_value].filter((value) => Boolean(value))
  const rootIssue = (message: string, type: string) =>
    addIssue({ code: 'custom', message, path: [], params: { type }, input: raw })
  if (given.length > 1) {
    rootIssue(
      'Can only specify one of: page_offset, page, or page_after_value',
      'multiple_pagination_criteria',
    )
  }
  if (size === 0) {
    for (const key of ['page_offset', 'page', 'page_after_value'] as const) {
      if (raw[key] !== undefined)
        rootIssue(`Cannot specify ${key} when page_size is set to 0`, 'invalid_pagination')
    }
  }
  if (raw.page !== undefined && raw.page * size >= 10_000) {
    addIssue({
      code: 'custom',
      message: 'Pagination by `page` is limited to 10.000 entries.',
      path: ['page'],
      params: { type: 'bad_page' },
      input: raw.page,
    })
  }
}

/** get_simple_index: the 0-based index of the page's first item. */
export function simpleIndex(p: SimplePagination): number {
  if (p.page_offset !== null) return p.page_offset
  if (p.page !== null) return (p.page - 1) * p.page_size
  if (p.page_after_value !== null) return Number(p.page_after_value) + 1
  return 0
}

function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/** nomad's update_url_query_arguments: parse_qs (blanks dropped), set/unset, urlencode. */
export function updateUrlQuery(url: string, changes: Record<string, string | null>): string {
  const [base = '', query = ''] = url.split('?', 2)
  const values = new Map<string, string[]>()
  for (const [key, value] of new URLSearchParams(query)) {
    if (value === '') continue
    values.set(key, [...(values.get(key) ?? []), value])
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) values.delete(key)
    else values.set(key, [value])
  }
  const encoded = [...values].flatMap(([key, list]) =>
    list.map((value) => `${quotePlus(key)}=${quotePlus(value)}`),
  )
  return `${base}?${encoded.join('&')}`
}

export function paginationResponse(
  p: SimplePagination,
  total: number,
  requestUrl: string,
): SimplePaginationResponse {
  let page = 1
  let pageAfterValue: string | null = null
  let nextPageAfterValue: string | null = null
  if (p.page_size) {
    const index = simpleIndex(p)
    page = Math.floor(index / p.page_size) + 1
    pageAfterValue = page === 1 ? null : String(index - 1)
    nextPageAfterValue = p.page_size * page >= total ? null : String(index + p.page_size - 1)
    if (
      page < 1 ||
      (total === 0 && page !== 1) ||
      (total > 0 && total <= (page - 1) * p.page_size)
    ) {
      throw badRequest('Page out of range requested.')
    }
  }
  return {
    page_size: p.page_size,
    order_by: p.order_by,
    order: p.order,
    page_after_value: pageAfterValue,
    page,
    page_offset: p.page_offset,
    total,
    next_page_after_value: nextPageAfterValue,
    page_url: requestUrl,
    next_page_url: nextPageAfterValue
      ? updateUrlQuery(requestUrl, { page: null, page_after_value: nextPageAfterValue })
      : null,
    prev_page_url:
      page > 1
        ? updateUrlQuery(requestUrl, { page: String(page - 1), page_after_value: null })
        : null,
    first_page_url: p.page_size
      ? updateUrlQuery(requestUrl, { page: null, page_after_value: null })
      : null,
  }
}
