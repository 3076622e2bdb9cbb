import { describe, expect, it } from 'vitest'
import { AppError, toAppErrorData } from './index'

describe('toAppErrorData', () => {
  it('keeps the code and details of an AppError', () => {
    const data = toAppErrorData(
      new AppError('forbidden', 'Missing scope', { missingScopes: ['uploads:write'] }),
    )
    expect(data).toEqual({
      code: 'forbidden',
      message: 'Missing scope',
      details: { missingScopes: ['uploads:write'] },
    })
  })
  it('maps aborts to cancelled and other errors to internal with their message', () => {
    const abort = new Error('aborted')
    abort.name = 'AbortError'
    expect(toAppErrorData(abort).code).toBe('cancelled')
    expect(toAppErrorData(new TypeError('bad thing'))).toEqual({
      code: 'internal',
      message: 'TypeError: bad thing',
    })
    expect(toAppErrorData(42).message).toContain('42')
  })
})
