import diagnostics from 'node:diagnostics_channel'

/** One request as undici created it, and its answer once the headers arrived. */
export interface WireRecord {
  origin: string
  method: string
  /** Path with query, as sent. */
  path: string
  headers: Record<string, string>
  sentAt: number
  status?: number
  answeredAt?: number
  answerHeaders?: Record<string, string>
}

interface UndiciRequest {
  origin: string | URL
  method: string
  path: string
  headers: unknown
}

function pairs(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!Array.isArray(raw)) return out
  for (let i = 0; i + 1 < raw.length; i += 2) out[String(raw[i]).toLowerCase()] = String(raw[i + 1])
  return out
}

/**
 * Records what really went over the wire, from undici's diagnostics channels: the observable
 * truth for "nothing was sent", "no request before Retry-After expired" and "which
 * Authorization header went where", without hooks in production code.
 */
export function recordWire() {
  const records: WireRecord[] = []
  const byRequest = new WeakMap<object, WireRecord>()
  const onCreate = (message: unknown) => {
    const { request } = message as { request: UndiciRequest }
    const record: WireRecord = {
      origin: String(request.origin).replace(/\/$/, ''),
      method: request.method,
      path: request.path,
      headers: pairs(request.headers),
      sentAt: performance.now(),
    }
    byRequest.set(request, record)
    records.push(record)
  }
  const onHeaders = (message: unknown) => {
    const { request, response } = message as {
      request: UndiciRequest
      response: { statusCode: number; headers: unknown }
    }
    const record = byRequest.get(request)
    if (record === undefined) return
    record.status = response.statusCode
    record.answeredAt = performance.now()
    record.answerHeaders = pairs(response.headers)
  }
  diagnostics.subscribe('undici:request:create', onCreate)
  diagnostics.subscribe('undici:request:headers', onHeaders)
  return {
    records,
    to: (origin: string) => records.filter((r) => r.origin === origin),
    stop() {
      diagnostics.unsubscribe('undici:request:create', onCreate)
      diagnostics.unsubscribe('undici:request:headers', onHeaders)
    },
  }
}
