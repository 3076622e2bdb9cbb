import { startSandbox, type Sandbox, type SandboxOptions } from '../index'

/**
 * Helpers for integration tests: a quiet sandbox without limits (unless the test is about
 * them), JSON requests, and log-in as a demo user.
 */
export async function testSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({
    entries: 300,
    quiet: true,
    largeFileBytes: 2 * 1024 * 1024,
    ...options,
    limits: { rate: null, concurrency: null, ...options.limits },
  })
}

export interface JsonResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
  text: string
}

export async function call<T = unknown>(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: string | undefined
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json'
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
  }
  const response = await fetch(sandbox.baseUrl + path, {
    method,
    headers,
    body,
    redirect: 'manual',
  })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // Not JSON (HTML proxy pages, raw files): the text is the body.
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text }
}

export const get = <T = unknown>(s: Sandbox, path: string, token?: string | null) =>
  call<T>(s, 'GET', path, { token: token ?? null })

export const post = <T = unknown>(s: Sandbox, path: string, body: unknown, token?: string | null) =>
  call<T>(s, 'POST', path, { body, token: token ?? null })

/** An access token for a demo user (POST /auth/token with the documented password). */
export async function login(sandbox: Sandbox, username: string): Promise<string> {
  const account = sandbox.demoUsers.find((user) => user.username === username)
  if (!account) throw new Error(`no demo user ${username}`)
  const response = await call<{ access_token: string }>(sandbox, 'POST', '/auth/token', {
    body: new URLSearchParams({ username, password: account.password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  if (response.status !== 200)
    throw new Error(`login ${username}: ${response.status} ${response.text}`)
  return response.body.access_token
}

/** Bytes of a response (raw files, zips). */
export async function getBytes(
  sandbox: Sandbox,
  path: string,
  token?: string | null,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  const response = await fetch(sandbox.baseUrl + path, { headers, redirect: 'manual' })
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}
