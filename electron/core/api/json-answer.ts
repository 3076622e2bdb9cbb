import { AppError } from '../../../shared/errors'
import type { HttpResponse } from '../network/http-adapter'
import { answerTooLarge, type EndpointKind } from './answer-limits'

export interface JsonAnswerLimit {
  maxBytes: number
  kind: EndpointKind
}

/**
 * Reads a JSON answer and parses it, holding at most `limit.maxBytes` of it: an answer whose
 * Content-Length is larger is refused before its first byte is read, one without (or with a
 * wrong) Content-Length as soon as its bytes pass the limit. Either way the body is left for the
 * caller to discard, which closes the connection instead of downloading the rest.
 * `onChunk` sees every chunk (the watchdog's touch, the deadline's progress).
 */
export async function readJsonAnswer(
  response: HttpResponse,
  what: string,
  limit: JsonAnswerLimit,
  onChunk: (bytes: number) => void,
): Promise<unknown> {
  const { status } = response
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit.maxBytes)
    throw answerTooLarge(what, limit.maxBytes, limit.kind, status, declared)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    onChunk(chunk.length)
    size += chunk.length
    if (size > limit.maxBytes) throw answerTooLarge(what, limit.maxBytes, limit.kind, status)
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString('utf8')) as unknown
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new AppError(
      'invalid_response',
      `${what} answered with text that is not valid JSON (${reason}).`,
      { status },
    )
  }
}
