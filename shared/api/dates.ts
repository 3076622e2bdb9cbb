import { z } from 'zod'

// Entry metadata comes from Elasticsearch with an offset ("…+00:00"); uploads and processing
// data come from MongoDB without one ("2024-09-06T19:32:41.688000"). Both are UTC. The pattern
// accepts both, a space instead of "T", and date-only values, and nothing that is not a date.
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** A server timestamp as sent (ISO 8601 text); convert with `parseServerTime`. */
export const isoDateTime = z.string().regex(ISO_DATE_TIME, {
  error: 'should be an ISO 8601 date-time',
})

const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i

/**
 * Milliseconds since the epoch for a server timestamp, or NaN when it is not a date. Naive
 * timestamps are read as UTC, which is what the server means by them; `Date.parse` would read
 * them as local time and shift every upload date by the user's offset.
 */
export function parseServerTime(value: string): number {
  const text = value.trim().replace(' ', 'T')
  const hasTime = text.includes('T')
  return Date.parse(hasTime && !HAS_ZONE.test(text) ? `${text}Z` : text)
}
