import type { z } from 'zod'
import { AppError } from '../errors'
import { describeIssues } from './format-issues'

// The issue #4 contract names decode.ts as the home of the wire helpers; they live in the files
// of their resource and are re-exported here so callers need one import.
export { describeErrorBody, extractMissingScopes } from './error-body'
export { derivePatState } from './pat'

const MAX_PROBLEMS = 3
const MAX_MESSAGE_LENGTH = 600

/**
 * Validates a parsed response body. Returns the decoded value (unknown keys kept) or throws
 * AppError('invalid_response') whose message names the endpoint and up to three bad fields,
 * and whose details.path is the first bad field's path.
 *
 * @param what the endpoint as the user would recognise it, e.g. "POST /entries/query"
 */
export function decodeWire<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  // reportInput puts the offending value on each issue, so the message can say what was found.
  const result = schema.safeParse(value, { reportInput: true })
  if (result.success) return result.data
  const problems = describeIssues(result.error.issues)
  const shown = problems.slice(0, MAX_PROBLEMS).map((problem) => problem.text)
  const more = problems.length - shown.length
  let message = `Unexpected answer from ${what}: ${shown.join('; ')}`
  if (more > 0) message += ` (and ${more} more ${more === 1 ? 'problem' : 'problems'})`
  if (message.length > MAX_MESSAGE_LENGTH - 1) {
    message = `${message.slice(0, MAX_MESSAGE_LENGTH - 2)}…`
  }
  const first = problems[0]
  throw new AppError('invalid_response', `${message}.`, first ? { path: first.path } : undefined)
}
