import type { SandboxLimits } from '../../context'
import { authRoutes } from '../../routes/auth'
import { groupRoutes } from '../../routes/groups'
import { patRoutes } from '../../routes/pats'
import { userRoutes } from '../../routes/users'
import { fakeSandbox, PASSWORDS, USER_IDS } from './fake-sandbox'
import { call, type CallOptions, type Reply } from './http'
import { startTestServer } from './test-server'

/**
 * What endpoint tests need from a running sandbox: its URL, three accounts (a main user, another
 * user, an admin), a way to move the clock and to change limits.
 */
export interface Account {
  username: string
  password: string
  user_id: string
}

export interface Harness {
  url: string
  accounts: { main: Account; other: Account; admin: Account }
  advance(ms: number): void
  setLimits(limits: Partial<SandboxLimits>): void
  /** A fresh access token of the account (POST /auth/token). */
  login(account: Account): Promise<string>
  call(method: string, path: string, options?: CallOptions): Promise<Reply>
  close(): Promise<void>
}

export async function startHarness(): Promise<Harness> {
  const sb = await fakeSandbox()
  const server = await startTestServer(sb.ctx, [authRoutes, patRoutes, groupRoutes, userRoutes])
  const account = (key: keyof typeof PASSWORDS): Account => ({
    username: key,
    password: PASSWORDS[key],
    user_id: USER_IDS[key],
  })
  const harness: Harness = {
    url: server.url,
    accounts: { main: account('alice'), other: account('bob'), admin: account('root') },
    advance: (ms) => {
      sb.clock.now += ms
    },
    setLimits: (limits) => {
      Object.assign(sb.limits, limits)
    },
    login: async ({ username, password }) => {
      const reply = await call('POST', `${server.url}/auth/token`, { form: { username, password } })
      const body = reply.body as { access_token?: string }
      if (reply.status !== 200 || !body.access_token)
        throw new Error(`login failed: ${reply.status}`)
      return body.access_token
    },
    call: (method, path, options) => call(method, `${server.url}${path}`, options),
    close: () => server.close(),
  }
  return harness
}
