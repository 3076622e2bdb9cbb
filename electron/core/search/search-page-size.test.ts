import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import type { ApiRegistry } from '../api/client-registry'
import type { NomadClient } from '../api/nomad-client'
import { PageSizeLimits } from './page-size'
import { createSearchService, type PageRequest } from './search-service'

/**
 * How a results page reacts to limit errors. The sandbox answers only NOMAD's own 422s (it has
 * no Elasticsearch), so the refusals of a real server's search engine are played by a client
 * that refuses each page size it is given with the error a test chooses.
 */
function serviceRefusing(refuse: (size: number) => AppError | undefined) {
  const asked: number[] = []
  const client = {
    entries: {
      query(body: { pagination: { page_size: number } }) {
        const size = body.pagination.page_size
        asked.push(size)
        const error = refuse(size)
        if (error !== undefined) return Promise.reject(error)
        return Promise.resolve({
          data: [],
          pagination: { total: 0, page_size: size, next_page_after_value: null },
        })
      },
    },
  } as unknown as NomadClient
  const api = { clientFor: () => Promise.resolve(client) } as unknown as ApiRegistry
  const limits = new PageSizeLimits()
  return { service: createSearchService(api, limits), asked, limits }
}

const request: PageRequest = {
  serverId: 'oasis',
  owner: 'visible',
  query: {},
  columns: [],
  orderBy: null,
  order: 'asc',
  pageSize: 200,
  after: null,
  lane: 'interactive',
}
const signal = new AbortController().signal
const esWindow = (max: number, was: number) =>
  new AppError('limit_exceeded', "The server's limit was reached: …", {
    status: 400,
    serverMessage: `Elasticsearch could not process your query: RequestError(400, 'search_phase_execution_exception', 'Result window is too large, from + size must be less than or equal to: [${max}] but was [${was}].')`,
  })

describe('results pages and server limits', () => {
  it('reports the result window instead of shrinking the page', async () => {
    const { service, asked, limits } = serviceRefusing(() => esWindow(10_000, 10_200))
    const error = await service.page(request, signal).then(
      () => undefined,
      (e: unknown) => e as AppError,
    )
    expect(error).toMatchObject({ code: 'limit_exceeded' })
    expect(error?.message).toContain('A smaller page size does not help')
    expect(error?.message).toContain('page_after_value')
    expect(asked).toEqual([200])
    expect(limits.known('oasis')).toBeUndefined()
  })

  it('halves a refused size the server does not name, and says so without inventing a maximum', async () => {
    const tooBig = new AppError('limit_exceeded', 'The server refused: page_size too large', {
      status: 400,
      serverMessage: 'page_size too large',
    })
    const { service, asked } = serviceRefusing((size) => (size > 60 ? tooBig : undefined))
    const page = await service.page(request, signal)
    expect(asked).toEqual([200, 100, 50])
    expect(page.pageSize).toBe(50)
    expect(page.notice).toBe('The server refused page size 100; trying 50.')
    // The next page starts at the size that worked, and still does not claim a maximum.
    const next = await service.page(request, signal)
    expect(next.notice).toBe('The server refused larger pages earlier; using 50 results per page.')
  })

  it('uses a window the page size alone exceeds as the page-size limit it is', async () => {
    const { service, asked } = serviceRefusing((size) =>
      size > 150 ? esWindow(150, size) : undefined,
    )
    const page = await service.page(request, signal)
    expect(asked).toEqual([200, 150])
    expect(page.notice).toBe('The server allows at most 150 results per page; using 150.')
  })
})
