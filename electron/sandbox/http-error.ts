/**
 * Errors a sandbox route throws to answer like the real NOMAD server: `{detail: string}` for
 * 400/401/403/404/409, FastAPI-style `{detail: [{loc, msg, type}]}` lists for 422. The server's
 * error handler (server.ts) renders them; null fields are omitted as the real server does.
 */
export interface ValidationItem {
  loc: (string | number)[] | (string | number)[][]
  msg: string
  type?: string
  ctx?: Record<string, unknown>
  input?: unknown
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((item) => item.msg).join('; '))
    this.name = 'HttpError'
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail)
export const unauthorized = (detail: string, scheme: 'Bearer' | 'Basic' | null = 'Bearer') =>
  new HttpError(401, detail, scheme ? { 'WWW-Authenticate': scheme } : {})
export const forbidden = (detail: string) => new HttpError(403, detail)
export const notFound = (detail: string) => new HttpError(404, detail)
export const unprocessable = (items: ValidationItem[]) => new HttpError(422, items)
