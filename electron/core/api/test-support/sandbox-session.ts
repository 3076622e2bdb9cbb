import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox'
import type { Credential, CredentialSource } from '../credentials'
import { createTestClient, type TestClientOptions } from './test-client'

/** A mutable CredentialSource: tests set what 'auto' and 'identity' return. */
export function createFixedCredentials() {
  const given: { auto?: Credential; identity?: Credential } = {}
  const unauthorized: Credential[] = []
  const source: CredentialSource = {
    credentialFor: (_serverId, purpose) => given[purpose],
    onUnauthorized: (_serverId, credential) => void unauthorized.push(credential),
  }
  return { given, unauthorized, source }
}

/**
 * A real sandbox on a free port (limits off unless asked for: most tests are about answers,
 * not pacing) with a client wired to it, and helpers to sign in and mint PATs through the API.
 */
export async function startSession(
  options: SandboxOptions = {},
  client: TestClientOptions = {},
): Promise<{
  sandbox: Sandbox
  client: ReturnType<typeof createTestClient>['client']
  scheduler: ReturnType<typeof createTestClient>['scheduler']
  credentials: ReturnType<typeof createFixedCredentials>
  signIn(username?: string): Promise<Credential>
  createPat(scopes: string[], name: string): Promise<Credential>
  close(): Promise<void>
}> {
  const sandbox = await startSandbox({
    quiet: true,
    entries: 200,
    ...options,
    limits: { rate: null, concurrency: null, ...options.limits },
  })
  const credentials = createFixedCredentials()
  const made = createTestClient(sandbox.baseUrl, { credentials: credentials.source, ...client })
  async function signIn(username = 'lena'): Promise<Credential> {
    const account = sandbox.demoUsers.find((user) => user.username === username)
    if (account === undefined) throw new Error(`no demo user ${username}`)
    const answer = await made.client.auth.signIn(account.username, account.password)
    return { token: answer.access_token, kind: 'access-token' }
  }
  return {
    sandbox,
    client: made.client,
    scheduler: made.scheduler,
    credentials,
    signIn,
    async createPat(scopes, name) {
      const previous = credentials.given.identity
      credentials.given.identity = await signIn()
      try {
        const created = await made.client.tokens.create({
          metadata: { name, scopes },
          expires_in_days: 30,
        })
        return { token: created.raw_token, kind: 'pat', label: name }
      } finally {
        credentials.given.identity = previous
      }
    },
    async close() {
      await made.close()
      await sandbox.close()
    },
  }
}
