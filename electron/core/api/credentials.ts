/**
 * Where the API client gets the Authorization header from. Credentials are attached in core
 * only (architecture rule 3); the renderer never sees them after the one-time reveal.
 */

/** 'auto': whatever lets the user read and write their data; 'identity': token management. */
export type CredentialPurpose = 'auto' | 'identity'

export interface Credential {
  /** The raw bearer value. Never log it (the redacting logger would blank it anyway). */
  token: string
  kind: 'pat' | 'app-token' | 'access-token'
  /** The name the user knows it by (a PAT's name); used in messages such as missing scopes. */
  label?: string
}

/** Implemented by the tokens engineer (vault + sign-in sessions); a null source until then. */
export interface CredentialSource {
  /**
   * 'auto': the server's active stored credential (PAT/app token) if usable, else the signed-in
   * access token, else undefined. 'identity': the signed-in identity-provider access token only
   * (token management).
   */
  credentialFor(serverId: string, purpose: CredentialPurpose): Credential | undefined
  /** Told when the server answered 401 to a request that carried this credential. */
  onUnauthorized?(serverId: string, credential: Credential): void
}

/** No credentials at all: every request goes out anonymously. */
export const nullCredentialSource: CredentialSource = {
  credentialFor: () => undefined,
}

/**
 * A CredentialSource whose implementation can be swapped at run time. Core hands this one to
 * every client at start; the tokens service plugs in the vault with `use()` once it exists,
 * without clients having to be rebuilt.
 */
export interface SettableCredentialSource extends CredentialSource {
  use(source: CredentialSource): void
}

export function createSettableCredentialSource(
  initial: CredentialSource = nullCredentialSource,
): SettableCredentialSource {
  let current = initial
  return {
    credentialFor: (serverId, purpose) => current.credentialFor(serverId, purpose),
    onUnauthorized: (serverId, credential) => current.onUnauthorized?.(serverId, credential),
    use(source) {
      current = source
    },
  }
}
