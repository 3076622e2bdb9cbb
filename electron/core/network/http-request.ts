/**
 * One HTTP request as the adapter sends it and as a redirect hop re-plans it. Its own module so
 * redirects.ts can describe the next hop without importing the adapter that follows it.
 */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers: Record<string, string>
  body?: string | Uint8Array
}
