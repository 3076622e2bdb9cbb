import { request } from 'undici'

/** A tiny undici client for endpoint tests: JSON or form bodies, bearer tokens, parsed replies. */
export interface CallOptions {
  token?: string
  json?: unknown
  form?: Record<string, string>
  headers?: Record<string, string>
}

export interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** Parsed JSON, the text if not JSON, or undefined for an empty body. */
  body: unknown
}

export async function call(method: string, url: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  let body: string | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(options.form).toString()
  }
  const response = await request(url, {
    method: method as 'GET',
    headers,
    ...(body !== undefined ? { body } : {}),
  })
  const text = await response.body.text()
  let parsed: unknown = undefined
  if (text !== '') {
    try {
      parsed = JSON.parse(text) as unknown
    } catch {
      parsed = text
    }
  }
  return { status: response.statusCode, headers: response.headers, body: parsed }
}
