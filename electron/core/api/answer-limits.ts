import { AppError } from '../../../shared/errors'

/**
 * How large the JSON answers of an endpoint group can be: metadata (pages of entries, uploads,
 * tokens, folder listings) or archives (whole entry archives, megabytes each). Each group
 * states its kind once (endpoints/endpoint-requester.ts); the limits below are per kind.
 */
export type EndpointKind = 'metadata' | 'archive'

const MiB = 1024 * 1024

/** What a server can make the client hold or wait for, per endpoint kind (docs/network.md). */
export interface AnswerLimits {
  /** The largest JSON answer the client reads, in bytes; a larger one is refused unread. */
  maxJsonBytes: Record<EndpointKind, number>
  /** The longest one attempt of a JSON call may take in whole (headers and body), in ms. */
  jsonDeadlineMs: Record<EndpointKind, number>
}

export interface AnswerLimitOverrides {
  maxJsonBytes?: Partial<Record<EndpointKind, number>>
  jsonDeadlineMs?: Partial<Record<EndpointKind, number>>
}

// Figures far above real answers, chosen in docs/network.md ("API client limits"): a page of
// 1000 entries with full metadata is ~25–46 MB on NOMAD, an archive page of 4000 number-heavy
// entries 123 MB; V8 cannot make a string of 512 MiB at all, so archives stop below that.
export const DEFAULT_ANSWER_LIMITS: AnswerLimits = {
  maxJsonBytes: { metadata: 128 * MiB, archive: 384 * MiB },
  jsonDeadlineMs: { metadata: 120_000, archive: 600_000 },
}

export function answerLimits(overrides: AnswerLimitOverrides = {}): AnswerLimits {
  const d = DEFAULT_ANSWER_LIMITS
  return {
    maxJsonBytes: { ...d.maxJsonBytes, ...overrides.maxJsonBytes },
    jsonDeadlineMs: { ...d.jsonDeadlineMs, ...overrides.jsonDeadlineMs },
  }
}

/** 131072 → "128 KiB", 655675 → "640.3 KiB", 300 → "300 bytes": how messages state sizes. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  const [value, unit] = bytes < MiB ? [bytes / 1024, 'KiB'] : [bytes / MiB, 'MiB']
  return `${Number(value.toFixed(1))} ${unit}`
}

/** 1500 → "1.5 s", 400 → "400 ms". */
export function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`
}

const answerOf = (kind: EndpointKind) =>
  kind === 'archive' ? 'an archive answer' : 'a metadata answer'

/**
 * A JSON answer larger than its kind's limit: `declared` when its Content-Length said so up
 * front (nothing was read), undefined when its bytes passed the limit while arriving.
 */
export function answerTooLarge(
  what: string,
  limit: number,
  kind: EndpointKind,
  status: number,
  declared?: number,
): AppError {
  const message =
    declared === undefined
      ? `${what} answered with more than ${sizeText(limit)} of JSON, the most the app accepts for ${answerOf(kind)}; it stopped reading there.`
      : `${what} announced ${sizeText(declared)} of JSON, more than the ${sizeText(limit)} the app accepts for ${answerOf(kind)}; it was not read.`
  return new AppError('invalid_response', message, { status })
}
