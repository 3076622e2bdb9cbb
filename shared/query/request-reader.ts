/**
 * Reads request-model fields with pydantic 1's coercions and messages, collecting every error
 * (located under the body) instead of stopping at the first, as pydantic reports them.
 */
import type { ValidationItem } from './errors'
import { isPlainObject } from './types'

type Loc = (string | number)[]

/** Fields read through it fall back to undefined on error. */
export class Reader {
  readonly errors: ValidationItem[] = []

  error(loc: Loc, msg: string, type: string, ctx?: Record<string, unknown>): undefined {
    this.errors.push({ loc: ['body', ...loc], msg, type, ...(ctx ? { ctx } : {}) })
    return undefined
  }

  str(v: unknown, loc: Loc): string | undefined {
    if (typeof v === 'string') return v
    if (typeof v === 'number' && Number.isFinite(v)) return String(v)
    return this.error(loc, 'str type expected', 'type_error.str')
  }

  int(v: unknown, loc: Loc, gt?: number): number | undefined {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
    if (!Number.isFinite(n) || (typeof v === 'string' && !Number.isInteger(n)))
      return this.error(loc, 'value is not a valid integer', 'type_error.integer')
    return this.gt(Math.trunc(n), loc, gt)
  }

  float(v: unknown, loc: Loc, gt?: number): number | undefined {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
    if (!Number.isFinite(n))
      return this.error(loc, 'value is not a valid float', 'type_error.float')
    return this.gt(n, loc, gt)
  }

  private gt(n: number, loc: Loc, gt: number | undefined): number | undefined {
    if (gt !== undefined && !(n > gt))
      return this.error(
        loc,
        `ensure this value is greater than ${gt}`,
        'value_error.number.not_gt',
        {
          limit_value: gt,
        },
      )
    return n
  }

  bool(v: unknown, loc: Loc): boolean | undefined {
    if (typeof v === 'boolean') return v
    const text = typeof v === 'string' ? v.toLowerCase() : typeof v === 'number' ? String(v) : ''
    if (['true', '1', 'yes', 'on', 't', 'y'].includes(text)) return true
    if (['false', '0', 'no', 'off', 'f', 'n'].includes(text)) return false
    return this.error(loc, 'value could not be parsed to a boolean', 'type_error.bool')
  }

  strList(v: unknown, loc: Loc): string[] | undefined {
    if (!Array.isArray(v)) return this.error(loc, 'value is not a valid list', 'type_error.list')
    const out: string[] = []
    for (const [i, item] of v.entries()) {
      const s = this.str(item, [...loc, i])
      if (s !== undefined) out.push(s)
    }
    return out
  }

  obj(v: unknown, loc: Loc): Record<string, unknown> | undefined {
    return isPlainObject(v) ? v : this.error(loc, 'value is not a valid dict', 'type_error.dict')
  }
}
