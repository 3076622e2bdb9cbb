import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { isPageSizeRefusal, limitFromMessage, nextPageSize, PageSizeLimits } from './page-size'

const refusal = (serverMessage: string, path: (string | number)[] = ['pagination', 'page_size']) =>
  new AppError('limit_exceeded', `The server's limit was reached: ${serverMessage}`, {
    status: 422,
    serverMessage,
    path,
  })

describe('page-size limits', () => {
  it('reads the limit the server names', () => {
    expect(limitFromMessage('ensure this value is less than or equal to 1000')).toBe(1000)
    expect(limitFromMessage('page_size must be at most 2,500 here')).toBe(2500)
    expect(limitFromMessage('The maximum page size is 100.')).toBe(100)
    expect(limitFromMessage('Result window is too large')).toBeUndefined()
  })

  it('tells a page-size refusal from other errors', () => {
    expect(isPageSizeRefusal(refusal('ensure this value is less than or equal to 50'))).toBe(true)
    expect(
      isPageSizeRefusal(
        new AppError('invalid_input', 'x', {
          serverMessage: "Elasticsearch could not process your query: 'Result window is too large'",
        }),
      ),
    ).toBe(true)
    expect(
      isPageSizeRefusal(
        refusal('Pagination by `page` is limited to 10.000 entries.', ['pagination', 'page']),
      ),
    ).toBe(false)
    expect(isPageSizeRefusal(new AppError('throttled', 'page_size'))).toBe(false)
  })

  it('uses the named limit, else halves; never grows and stops at 1', () => {
    expect(nextPageSize(200, refusal('less than or equal to 50'))).toBe(50)
    expect(nextPageSize(200, refusal('too large'))).toBe(100)
    expect(nextPageSize(40, refusal('less than or equal to 500'))).toBe(20)
    expect(nextPageSize(1, refusal('too large'))).toBeUndefined()
  })

  it('remembers the smallest working size per server', () => {
    const limits = new PageSizeLimits()
    expect(limits.clamp('a', 500)).toBe(500)
    limits.learn('a', 100)
    limits.learn('a', 200)
    expect(limits.clamp('a', 500)).toBe(100)
    expect(limits.clamp('a', 20)).toBe(20)
    expect(limits.clamp('b', 500)).toBe(500)
  })
})
