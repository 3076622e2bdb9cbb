import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import {
  isPageSizeRefusal,
  isResultWindowError,
  learnedPageSizeNotice,
  limitFromMessage,
  namedPageSizeLimit,
  nextPageSize,
  pageSizeNotice,
  PageSizeLimits,
  resultWindowError,
} from './page-size'

const refusal = (serverMessage: string, path: (string | number)[] = ['pagination', 'page_size']) =>
  new AppError('limit_exceeded', `The server's limit was reached: ${serverMessage}`, {
    status: 422,
    serverMessage,
    path,
  })

/** Elasticsearch's 400 as NOMAD passes it on (nomad-api-facts §8). */
const esWindow = (max: number, was: number) =>
  new AppError('limit_exceeded', 'x', {
    status: 400,
    serverMessage: `Elasticsearch could not process your query: RequestError(400, 'search_phase_execution_exception', 'Result window is too large, from + size must be less than or equal to: [${max}] but was [${was}]. See the scroll api for a more efficient way to request large data sets.')`,
  })
const pageWindow = refusal('Pagination by `page` is limited to 10.000 entries.', [
  'pagination',
  'page',
])
const offsetWindow = refusal('Page offset plus page size has to be smaller thant 10.0000.', [
  'pagination',
  'page_offset',
])

describe('page-size limits', () => {
  it('reads the limit the server names', () => {
    expect(limitFromMessage('ensure this value is less than or equal to 1000')).toBe(1000)
    expect(limitFromMessage('page_size must be at most 2,500 here')).toBe(2500)
    expect(limitFromMessage('The maximum page size is 100.')).toBe(100)
    expect(limitFromMessage('Result window is too large')).toBeUndefined()
  })

  it('tells the result window from a page-size limit', () => {
    for (const window of [pageWindow, offsetWindow, esWindow(10_000, 10_100)]) {
      expect(isResultWindowError(window, 100)).toBe(true)
      expect(isPageSizeRefusal(window, 100)).toBe(false)
    }
    // Without numbers there is no sign the page size alone was too big.
    const vague = new AppError('invalid_input', 'x', {
      serverMessage:
        "Elasticsearch could not process your query: 'Result window is too large, ...'",
    })
    expect(isResultWindowError(vague, 100)).toBe(true)
    expect(isPageSizeRefusal(vague, 100)).toBe(false)
  })

  it('counts a window that the page size alone exceeds (after-value paging) as a page-size limit', () => {
    // from is 0 with page_after_value, so "was" equals the page size: an Oasis with a 1000 window.
    const error = esWindow(1000, 2000)
    expect(isResultWindowError(error, 2000)).toBe(false)
    expect(isPageSizeRefusal(error, 2000)).toBe(true)
    expect(namedPageSizeLimit(error)).toBe(1000)
    expect(nextPageSize(2000, error)).toBe(1000)
  })

  it('tells a page-size refusal from other errors', () => {
    expect(isPageSizeRefusal(refusal('ensure this value is less than or equal to 50'), 100)).toBe(
      true,
    )
    expect(isPageSizeRefusal(new AppError('invalid_input', 'page_size too large'), 100)).toBe(true)
    expect(isPageSizeRefusal(new AppError('throttled', 'page_size'), 100)).toBe(false)
    expect(isResultWindowError(new AppError('throttled', 'Result window is too large'), 1)).toBe(
      false,
    )
  })

  it('uses the named limit, else halves; never grows and stops at 1', () => {
    expect(nextPageSize(200, refusal('less than or equal to 50'))).toBe(50)
    expect(nextPageSize(200, refusal('too large'))).toBe(100)
    expect(nextPageSize(40, refusal('less than or equal to 500'))).toBe(20)
    expect(nextPageSize(1, refusal('too large'))).toBeUndefined()
  })

  it('turns the window error into a limit message that points to after-value paging', () => {
    const error = resultWindowError(pageWindow)
    expect(error.code).toBe('limit_exceeded')
    expect(error.message).toContain('Pagination by `page` is limited to 10.000 entries')
    expect(error.message).toContain('A smaller page size does not help')
    expect(error.message).toContain('page_after_value')
    expect(error.message).toContain('narrow the query')
    expect(error.details?.path).toEqual(['pagination', 'page'])
  })

  it('names a maximum only when the server named it', () => {
    expect(pageSizeNotice(200, 50, 50)).toBe(
      'The server allows at most 50 results per page; using 50.',
    )
    expect(pageSizeNotice(200, 100, undefined)).toBe(
      'The server refused page size 200; trying 100.',
    )
    // A named limit above the refused size is not the one used: the halved size is a guess.
    expect(pageSizeNotice(40, 20, 500)).toBe('The server refused page size 40; trying 20.')
    expect(learnedPageSizeNotice({ size: 50, named: true })).toBe(
      'The server allows at most 50 results per page; using 50.',
    )
    expect(learnedPageSizeNotice({ size: 100, named: false })).toBe(
      'The server refused larger pages earlier; using 100 results per page.',
    )
  })

  it('remembers the smallest working size per server, and whether the server named it', () => {
    const limits = new PageSizeLimits()
    expect(limits.clamp('a', 500)).toBe(500)
    limits.learn('a', 100, true)
    limits.learn('a', 200)
    expect(limits.clamp('a', 500)).toBe(100)
    expect(limits.known('a')).toEqual({ size: 100, named: true })
    expect(limits.clamp('a', 20)).toBe(20)
    expect(limits.clamp('b', 500)).toBe(500)
  })
})
