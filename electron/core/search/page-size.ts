/**
 * Page-size limits. The real NOMAD has no documented maximum, but Oases and proxies may refuse
 * large pages (422/400 naming the limit). When the server refuses a page size, the page is
 * retried with the limit it names, or with half the size when it names none, and the researcher
 * is told what was chosen. What was learned is remembered per server for the session.
 *
 * The 10 000-result window (nomad-api-facts §2.4, §8) is a different limit: it caps how deep
 * page numbers and offsets reach, and no smaller page gets past it. Lowering the page size for
 * it would only make every later page slower, so it is reported instead.
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

const textOf = (error: AppError) => `${error.message} ${error.details?.serverMessage ?? ''}`

// NOMAD's own 422s for page/page_offset, and Elasticsearch's 400 for from + size.
const WINDOW_TEXT =
  /result window is too large|pagination by `?page`? is limited|page offset plus page size/i

/**
 * Elasticsearch's "from + size must be less than or equal to: [N] but was [M]". With after-value
 * paging `from` is 0, so M equal to the page size means the page size alone is over N.
 */
function windowNumbers(text: string): { max: number; was: number } | undefined {
  const match = /less than or equal to:? \[?(\d+)\]? but was \[?(\d+)\]?/i.exec(text)
  return match?.[1] && match[2] ? { max: Number(match[1]), was: Number(match[2]) } : undefined
}

function isLimitError(error: unknown): error is AppError {
  return (
    error instanceof AppError && (error.code === 'limit_exceeded' || error.code === 'invalid_input')
  )
}

/** Whether an error is the result window (how deep paging reaches), not the size of a page. */
export function isResultWindowError(error: unknown, size: number): boolean {
  if (!isLimitError(error)) return false
  const path = error.details?.path ?? []
  const text = textOf(error)
  if (path.includes('page') || path.includes('page_offset')) return true
  if (!WINDOW_TEXT.test(text)) return false
  return windowNumbers(text)?.was !== size
}

/** Whether an error is the server refusing this page size (and not another limit). */
export function isPageSizeRefusal(error: unknown, size: number): error is AppError {
  if (!isLimitError(error) || isResultWindowError(error, size)) return false
  if ((error.details?.path ?? []).includes('page_size')) return true
  return /page[ _]size|result window is too large/i.test(textOf(error))
}

/** The largest page size the server names, if it names one. */
export function namedPageSizeLimit(error: AppError): number | undefined {
  const text = textOf(error)
  return windowNumbers(text)?.max ?? limitFromMessage(text)
}

/** The next size to try after a refusal of `size`, or undefined when there is none smaller. */
export function nextPageSize(size: number, error: AppError): number | undefined {
  const named = namedPageSizeLimit(error)
  const next = named !== undefined && named < size ? named : Math.floor(size / 2)
  return next >= 1 && next < size ? next : undefined
}

/** The window error as the researcher should read it: what happened and what works instead. */
export function resultWindowError(error: AppError): AppError {
  const said = error.details?.serverMessage ?? error.message
  return new AppError(
    'limit_exceeded',
    `The search went past the server's result window (${said.replace(/\.$/, '')}). A smaller page size does not help: page with after-values (page_after_value, continuing after the last result) instead of page numbers, or narrow the query.`,
    error.details,
  )
}

/**
 * What the researcher is told after a refusal of `refused`. Only a limit the server named is
 * presented as its maximum; a halved size is a guess and is called one.
 */
export function pageSizeNotice(refused: number, next: number, named: number | undefined): string {
  return named === next
    ? `The server allows at most ${next} results per page; using ${next}.`
    : `The server refused page size ${refused}; trying ${next}.`
}

/** The notice for a page size lowered by what an earlier refusal taught. */
export function learnedPageSizeNotice(learned: LearnedPageSize): string {
  return learned.named
    ? `The server allows at most ${learned.size} results per page; using ${learned.size}.`
    : `The server refused larger pages earlier; using ${learned.size} results per page.`
}

export interface LearnedPageSize {
  size: number
  /** The server named this limit (rather than it being a halved guess that worked). */
  named: boolean
}

/** Per-server memory of the largest page size that worked after a refusal. */
export class PageSizeLimits {
  private readonly limits = new Map<string, LearnedPageSize>()

  clamp(serverId: string, size: number): number {
    const limit = this.limits.get(serverId)
    return limit === undefined ? size : Math.min(size, limit.size)
  }

  learn(serverId: string, size: number, named = false): void {
    const known = this.limits.get(serverId)
    if (known === undefined || size < known.size) this.limits.set(serverId, { size, named })
  }

  known(serverId: string): LearnedPageSize | undefined {
    return this.limits.get(serverId)
  }
}
