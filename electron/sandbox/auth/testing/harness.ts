import type { SandboxLimits } from '../../context'
import { startSandbox, type Sandbox } from '../../index'
import { call, type CallOptions, type Reply } from './http'

/**
 * Endpoint tests run against the real sandbox (startSandbox: server assembly, error rendering,
 * demo users and groups) with limits off, a small data set and a clock the test moves.
 */
export interface Account {
  username: string
  password: string
  user_id: string
}

export interface Harness {
  url: string
  sandbox: Sandbox
  /** A main user, another user and an admin from the demo accounts. */
  accounts: { main: Account; other: Account; admin: Account }
  advance(ms: number): void
  setLimits(limits: Partial<SandboxLimits>): void
  /** A fresh access token of the account (POST /auth/token). */
  login(account: Account): Promise<string>
  call(method: string, path: string, options?: CallOptions): Promise<Reply>
  close(): Promise<void>
}

export async function startHarness(): Promise<Harness> {
  let now = Date.parse('2025-03-01T12:00:00.000Z')
  const sandbox = await startSandbox({
    entries: 50,
    quiet: true,
    now: () => now,
    limits: { rate: null, concurrency: null },
  })
  const account = (username: string): Account => {
    const demo = sandbox.demoUsers.find((candidate) => candidate.username === username)
    if (!demo) throw new Error(`demo user ${username} missing`)
    return { username, password: demo.password, user_id: demo.user_id }
  }
  const url = sandbox.baseUrl
  return {
    url,
    sandbox,
    accounts: { main: account('lena'), other: account('omar'), admin: account('admin') },
    advance: (ms) => {
      now += ms
    },
    setLimits: (limits) => sandbox.setLimits(limits),
    login: async ({ username, password }) => {
      const reply = await call('POST', `${url}/auth/token`, { form: { username, password } })
      const body = reply.body as { access_token?: string }
      if (reply.status !== 200 || !body.access_token)
        throw new Error(`login failed: ${reply.status}`)
      return body.access_token
    },
    call: (method, path, options) => call(method, `${url}${path}`, options),
    close: () => sandbox.close(),
  }
}
