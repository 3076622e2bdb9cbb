import { describe, expect, it } from 'vitest'
import { HttpError } from '../http-error'
import {
  paginationResponse,
  simpleIndex,
  updateUrlQuery,
  type SimplePagination,
} from './simple-pagination'
import { pyList, pySet, pyStr } from './python-repr'

const base: SimplePagination = {
  page_size: 10,
  order_by: 'created_desc',
  order: 'asc',
  page: null,
  page_offset: null,
  page_after_value: null,
}
const URL_ = 'http://h/api/v1/auth/pats?page_size=10'

describe('simple index pagination', () => {
  it('derives the start index from page, page_offset or page_after_value', () => {
    expect(simpleIndex(base)).toBe(0)
    expect(simpleIndex({ ...base, page: 3 })).toBe(20)
    expect(simpleIndex({ ...base, page_offset: 7 })).toBe(7)
    expect(simpleIndex({ ...base, page_after_value: '9' })).toBe(10)
  })

  it('recomputes page and the string indices', () => {
    const mid = paginationResponse({ ...base, page_after_value: '9' }, 25, URL_)
    expect(mid).toMatchObject({ page: 2, page_after_value: '9', next_page_after_value: '19' })
    const last = paginationResponse({ ...base, page: 3 }, 25, URL_)
    expect(last).toMatchObject({
      page: 3,
      page_after_value: '19',
      next_page_after_value: null,
      next_page_url: null,
    })
    expect(last.prev_page_url).toBe('http://h/api/v1/auth/pats?page_size=10&page=2')
  })

  it('answers 400 past the end, and for any page but 1 of an empty list', () => {
    for (const [p, total] of [
      [{ ...base, page: 4 }, 25],
      [{ ...base, page: 2 }, 0],
      [{ ...base, page_after_value: '29' }, 25],
    ] as const) {
      expect(() => paginationResponse(p, total, URL_)).toThrow(HttpError)
    }
    // The check is on the recomputed page, so an after-value just past the end is not caught.
    expect(paginationResponse({ ...base, page_after_value: '24' }, 25, URL_).page).toBe(3)
    expect(paginationResponse(base, 0, URL_)).toMatchObject({
      page: 1,
      total: 0,
      next_page_after_value: null,
    })
  })

  it('rewrites URLs like update_url_query_arguments (blanks dropped, quote_plus)', () => {
    expect(
      updateUrlQuery('http://h/p?a=1&page=2&b=&search=x%20y', {
        page: null,
        page_after_value: '9',
      }),
    ).toBe('http://h/p?a=1&search=x+y&page_after_value=9')
    expect(updateUrlQuery('http://h/p?s=a~b*c', {})).toBe('http://h/p?s=a~b%2Ac')
  })
})

describe('Python reprs in detail texts', () => {
  it('quotes like Python', () => {
    expect(pyStr('a:b')).toBe("'a:b'")
    expect(pyStr("it's")).toBe('"it\'s"')
    expect(pyList(['a', 'b'])).toBe("['a', 'b']")
    expect(pySet(['b', 'a', 'b'])).toBe("{'a', 'b'}")
  })
})
