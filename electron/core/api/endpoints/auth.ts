import { accessTokenResponse, appTokenResponse } from '../../../../shared/api'
import type { ApiRequester, RequestOptions } from '../api-requester'
import { requesterFor, type JsonRequester } from './endpoint-requester'

/** Sign-in (`client.auth`): the password grant and app tokens of the signed-in session. */
export class AuthEndpoints {
  private readonly api: JsonRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'metadata')
  }

  /** POST /auth/token: password grant (form-encoded); never sends a stored credential along. */
  signIn(username: string, password: string, o?: RequestOptions) {
    return this.api.requestJson('POST', '/auth/token', {
      ...o,
      auth: 'none',
      label: 'sign-in',
      form: { username, password, grant_type: 'password' },
      schema: accessTokenResponse,
    })
  }

  /** GET /auth/app_token: a short-lived token of the signed-in user (signed-in session only). */
  appToken(expiresInSeconds: number, o?: RequestOptions) {
    return this.api.requestJson('GET', '/auth/app_token', {
      auth: 'identity',
      ...o,
      query: { expires_in: expiresInSeconds },
      schema: appTokenResponse,
    })
  }
}
