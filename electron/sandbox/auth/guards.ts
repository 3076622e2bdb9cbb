import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import { forbidden, unauthorized } from '../http-error'
import type { SandboxUser } from '../state/types'
import type { Caller } from './caller'
import { ENDPOINT_SCOPES, type EndpointAuth, type EndpointKey } from './endpoint-scopes'
import { validateInputs, type InputSchemas } from './fastapi-validation'
import { pyList } from './python-repr'
import { ANONYMOUS } from './resolve'
import type { Scope } from './scopes'

/**
 * Authorization checks for route handlers and hooks, with the real server's texts:
 * 401 `Authentication required.` (+ `WWW-Authenticate: Bearer`) for anonymous callers where
 * login is needed, 403 `Missing scopes: ['a:b', ...]` listing the missing ones, sorted.
 */
export const AUTHENTICATION_REQUIRED = 'Authentication required.'

/** The resolved caller; anonymous if the auth plugin does not cover this route. */
export function callerOf(request: FastifyRequest): Caller {
  const caller: Caller | null = request.caller
  return caller ?? ANONYMOUS
}

/** 403 unless the caller holds every scope (anonymous callers have the `*:read` ones). */
export function requireScopes(request: FastifyRequest, ...scopes: Scope[]): void {
  const held = callerOf(request).scopes
  const missing = [...new Set(scopes)].filter((scope) => !held.has(scope)).sort()
  if (missing.length > 0) throw forbidden(`Missing scopes: ${pyList(missing)}`)
}

/** The caller's user, or a 401 with `detail` (the texts of older endpoints differ). */
export function requireUser(
  request: FastifyRequest,
  detail: string = AUTHENTICATION_REQUIRED,
): SandboxUser {
  const { user } = callerOf(request)
  if (!user) throw unauthorized(detail, 'Bearer')
  return user
}

/** allow_anonymous=False: 401 for anonymous callers first, then the scope check. */
export function requireLogin(request: FastifyRequest, ...scopes: Scope[]): SandboxUser {
  const user = requireUser(request)
  requireScopes(request, ...scopes)
  return user
}

/** Applies one row of ENDPOINT_SCOPES. */
export function enforce(request: FastifyRequest, auth: EndpointAuth | EndpointKey): void {
  const row = typeof auth === 'string' ? ENDPOINT_SCOPES[auth] : auth
  if (row.login) requireUser(request)
  requireScopes(request, ...row.scopes)
}

/**
 * A route's preValidation hook: auth first, then FastAPI-style input validation, so 401/403 come
 * before 422 and fastify's own (400) validation never sees invalid input.
 * `app.post(url, { schema, preValidation: guard('POST /groups', { body }) }, handler)`.
 */
export function guard(
  auth: EndpointAuth | EndpointKey | ((request: FastifyRequest) => void),
  inputs: InputSchemas = {},
): preValidationAsyncHookHandler {
  return async (request) => {
    if (typeof auth === 'function') auth(request)
    else enforce(request, auth)
    validateInputs(request, inputs)
    return Promise.resolve()
  }
}
