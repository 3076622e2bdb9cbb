import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../errors'
import { archiveResponse } from './archive'
import { decodeWire } from './decode'
import { entriesQueryResponse } from './entries-query'
import { errorBody } from './error-body'
import { uploadRawdirResponse } from './rawdir'

/** Runs decodeWire and returns the AppError it throws (fails the test if it does not throw). */
function failure(schema: z.ZodType, value: unknown, what = 'POST /entries/query'): AppError {
  try {
    decodeWire(schema, value, what)
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('decodeWire accepted the value')
}

function page(data: unknown[]): Record<string, unknown> {
  return {
    owner: 'public',
    query: {},
    pagination: { page_size: 10, order_by: 'entry_id', order: 'asc', total: data.length },
    data,
  }
}

describe('decodeWire', () => {
  it('returns the decoded value and keeps keys the schema does not know', () => {
    const body = page([{ entry_id: 'a', brand_new_field: { x: 1 } }])
    const decoded = decodeWire(entriesQueryResponse, body, 'POST /entries/query')
    expect(decoded.data[0]?.entry_id).toBe('a')
    expect(decoded.data[0]?.['brand_new_field']).toEqual({ x: 1 })
  })

  it('names the endpoint, the path and both types for a wrong type', () => {
    const error = failure(
      entriesQueryResponse,
      page([{ entry_id: 'a' }, { entry_id: 'b' }, { entry_id: 'c' }, { entry_id: 7 }]),
    )
    expect(error.code).toBe('invalid_response')
    expect(error.message).toBe(
      'Unexpected answer from POST /entries/query: data[3].entry_id should be a string but is a number.',
    )
    expect(error.details).toEqual({ path: ['data', 3, 'entry_id'] })
  })

  it('says "is missing" for an absent required key', () => {
    const error = failure(entriesQueryResponse, page([{ entry_name: 'no id' }]))
    expect(error.message).toContain('data[0].entry_id is missing')
  })

  it('lists at most three problems and counts the rest', () => {
    const error = failure(entriesQueryResponse, page([1, 2, 3, 4, 5].map((n) => ({ entry_id: n }))))
    expect(error.message).toContain('data[0].entry_id should be a string but is a number; ')
    expect(error.message).toContain('data[2].entry_id')
    expect(error.message).not.toContain('data[3].entry_id')
    expect(error.message).toMatch(/\(and 2 more problems\)\.$/)
  })

  it('describes deep fields, whole numbers, enums and date formats in plain words', () => {
    const body = page([
      {
        entry_id: 'a',
        upload_create_time: 'yesterday',
        results: { material: { symmetry: { space_group_number: 2.5 } } },
      },
    ])
    body['owner'] = 'everyone'
    const { message } = failure(entriesQueryResponse, body)
    expect(message).toContain(
      'owner should be one of "public", "visible", "all", "shared", "user", "staging", "admin" but is "everyone"',
    )
    expect(message).toContain(
      'data[0].upload_create_time should be an ISO 8601 date-time but is "yesterday"',
    )
    expect(message).toContain(
      'data[0].results.material.symmetry.space_group_number should be a whole number but is 2.5',
    )
  })

  it('quotes keys that are not plain names so the path stays unambiguous', () => {
    const body = page([])
    body['aggregations'] = {
      'results.material.elements:default': {
        terms: { quantity: 'x', data: [{ value: 'C', count: 'many' }] },
      },
    }
    expect(failure(entriesQueryResponse, body).message).toContain(
      'aggregations["results.material.elements:default"].terms.data[0].count should be a number but is a string',
    )
  })

  it('talks about "the answer" when the whole body has the wrong type', () => {
    expect(failure(entriesQueryResponse, 'Internal Server Error').message).toBe(
      'Unexpected answer from POST /entries/query: the answer should be an object but is a string.',
    )
  })

  it('checks only the top level of an archive', () => {
    const ok = {
      entry_id: 'e',
      data: { entry_id: 'e', upload_id: 'u', parser_name: 'p', archive: { run: [1, 'x', null] } },
    }
    expect(decodeWire(archiveResponse, ok, 'GET /entries/e/archive').data.archive).toEqual({
      run: [1, 'x', null],
    })
    const bad = { ...ok, data: { ...ok.data, archive: [] } }
    expect(failure(archiveResponse, bad, 'GET /entries/e/archive').message).toContain(
      'data.archive should be an object but is a list',
    )
  })

  it('merges the alternatives of a union that all failed on the type', () => {
    expect(failure(errorBody, { detail: 42 }, 'GET /uploads').message).toContain(
      'detail should be a string, a list or an object but is a number',
    )
  })

  it('reports the alternative that got furthest for a union of object forms', () => {
    const listing = {
      path: 'dir',
      access: 'public',
      directory_metadata: {
        name: 'dir',
        size: 3,
        content: [{ name: 'f', size: '3', is_file: true }],
      },
      pagination: { page_size: 10, page: 1, total: 1 },
    }
    const error = failure(uploadRawdirResponse, listing, 'GET /uploads/u/rawdir/dir')
    expect(error.message).toBe(
      'Unexpected answer from GET /uploads/u/rawdir/dir: directory_metadata.content[0].size should be a number but is a string.',
    )
    expect(error.details?.path).toEqual(['directory_metadata', 'content', 0, 'size'])
  })

  it('caps the message length', () => {
    const longKey = 'k'.repeat(500)
    const schema = z.looseObject({ [longKey]: z.string(), b: z.string(), c: z.string() })
    const { message } = failure(schema, { [longKey]: 1, b: 2, c: 3 }, 'GET /x')
    expect(message.length).toBeLessThanOrEqual(600)
    expect(message.endsWith('.')).toBe(true)
  })
})
