import type { FastifyRequest } from 'fastify'

/**
 * The URL fields of GET pagination responses (models.py PaginationResponse and
 * nomad's update_url_query_arguments): the current URL with some parameters set or removed.
 */
export function requestUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.url}`
}

export function withQuery(url: string, changes: Record<string, string | null>): string {
  const [base = '', query = ''] = url.split('?', 2)
  const params = new URLSearchParams(query)
  for (const [key, value] of Object.entries(changes)) {
    params.delete(key)
    if (value !== null) params.append(key, value)
  }
  const text = params.toString()
  return text ? `${base}?${text}` : base
}

export interface PageUrls {
  page_url: string
  next_page_url?: string
  prev_page_url?: string
  first_page_url: string
}

export function pageUrls(
  request: FastifyRequest,
  page: number | undefined,
  nextAfter: string | undefined,
): PageUrls {
  const url = requestUrl(request)
  const urls: PageUrls = {
    page_url: url,
    first_page_url: withQuery(url, { page: null, page_after_value: null }),
  }
  if (nextAfter !== undefined)
    urls.next_page_url = withQuery(url, { page: null, page_after_value: nextAfter })
  if (page !== undefined && page > 1)
    urls.prev_page_url = withQuery(url, { page: String(page - 1) })
  return urls
}
