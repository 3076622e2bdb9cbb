/**
 * Page-size limits. The real NOMAD has no documented maximum, but Oases and proxies may refuse
 * large pages (422/400 naming the limit). When the server refuses a page size, the page is
 * retried with the limit it names, or with half the size when it names none, and the researcher
 * is told what was chosen. What was learned is remembered per server for the session.
 */
import { AppError } from '../../../shared/errors'

/** The number the server names as its maximum, e.g. "less than or equal to 500". */
export function limitFromMessage(message: string): number | undefined {
  const patterns = [
    /less than or equal to (\d[\d.,_ ]*)/i,
    /at most (\d[\d.,_ ]*)/i,
    /maxim(?:um|al)[^\d]{0,40}(\d[\d.,_ ]*)/i,
    /(?:must|should) (?:be )?(?:<=|≤) ?(\d[\d.,_ ]*)/i,
  ]
  for (const pattern of patterns) {
    const match = pattern.exec(message)
    if (!match?.[1]) continue
    const digits = match[1].replace(/[^\d]/g, '')
    const value = Number(digits)
    if (Number.isSafeInteger(value) && value > 0) return value
  }
  return undefined
}

/** Whether an error is the server refusing this page size (and not another limit). */
export function isPageSizeRefusal(error: unknown): error is AppError {
  if (!(error instanceof AppError)) return false
  if (error.code !== 'limit_exceeded' && error.code !== 'invalid_input') return false
  const path = error.details?.path ?? []
  if (path.includes('page_size')) return true
  const text = `${error.message} ${error.details?.serverMessage ?? ''}`
  return /page[ _]size|result window is too large/i.test(text)
}

/** The next size to try after a refusal of `size`, or undefined when there is none smaller. */
export function nextPageSize(size: number, error: AppError): number | undefined {
  const named = limitFromMessage(`${error.details?.serverMessage ?? ''} ${error.message}`)
  const next = named !== undefined && named < size ? named : Math.floor(size / 2)
  return next >= 1 && next < size ? next : undefined
}

export function pageSizeNotice(size: number): string {
  return `The server allows at most ${size} results per page; using ${size}.`
}

/** Per-server memory of the largest page size that worked after a refusal. */
export class PageSizeLimits {
  private readonly limits = new Map<string, number>()

  clamp(serverId: string, size: number): number {
    const limit = this.limits.get(serverId)
    return limit === undefined ? size : Math.min(size, limit)
  }

  learn(serverId: string, size: number): void {
    this.limits.set(serverId, Math.min(size, this.limits.get(serverId) ?? Infinity))
  }

  known(serverId: string): number | undefined {
    return this.limits.get(serverId)
  }
}
