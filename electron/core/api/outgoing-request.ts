import { AppError } from '../../../shared/errors'
import type { HttpRequest } from '../network/http-request'
import type { BodyOptions, HttpMethod, RequestOptions } from './request-options'
import { assertMayAttach } from './credential-guard'
import type { Credential, CredentialSource } from './credentials'

/**
 * The credential a request carries, chosen before anything is sent: none for an anonymous
 * request, and a refusal when token management has no signed-in session to use or when the
 * credential may not travel to this URL (plain http to another computer).
 */
export function chooseCredential(
  source: CredentialSource,
  serverId: string,
  auth: NonNullable<RequestOptions['auth']>,
  url: URL,
  what: string,
): Credential | undefined {
  if (auth === 'none') return undefined
  const credential = source.credentialFor(serverId, auth)
  if (credential === undefined) {
    if (auth === 'identity')
      throw new AppError(
        'auth_required',
        `Sign in to ${url.host} first: ${what} needs a signed-in session, not a stored token.`,
      )
    return undefined
  }
  assertMayAttach(url, credential)
  return credential
}

/** The request as undici sends it: the encoded body, the headers that describe it, the bearer. */
export function buildHttpRequest(
  method: HttpMethod,
  url: URL,
  body: Pick<BodyOptions, 'json' | 'form'>,
  credential: Credential | undefined,
  userAgent = 'NOMAD-Desktop',
): HttpRequest {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': userAgent }
  if (body.json !== undefined) headers['content-type'] = 'application/json'
  else if (body.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded'
  if (credential !== undefined) headers.authorization = `Bearer ${credential.token}`
  const request: HttpRequest = { method, url: url.href, headers }
  if (body.json !== undefined) request.body = JSON.stringify(body.json)
  else if (body.form !== undefined) request.body = new URLSearchParams(body.form).toString()
  return request
}
