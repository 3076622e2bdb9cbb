import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AppStartup } from '../../shared/ipc/channels/app'
import { createIpcClient } from '../ipc/client'
import { useInvoke } from '../ipc/hooks'
import { createFakeTransport, PUBLIC_SERVER } from '../test-support/fake-transport'
import { AppProviders } from './providers'
import { StartupGate } from './startup-gate'

const STARTUP = {
  info: { name: 'NOMAD Desktop', version: '0.1.0', mode: 'web', platform: 'linux' },
  status: { activeServerId: 'nomad-public', servers: {} },
  settings: { appearance: { theme: 'light' } },
  servers: { servers: [PUBLIC_SERVER], activeServerId: 'nomad-public' },
  search: { serverId: 'nomad-public', catalogue: null, state: { value: null } },
}

function FirstScreen() {
  const settings = useInvoke('settings.get', {})
  const servers = useInvoke('servers.list', {})
  const state = useInvoke('search.state.get', { serverId: 'nomad-public' })
  return (
    <p data-testid="first">
      {settings.data?.appearance.theme} · {servers.data?.servers.length} ·{' '}
      {state.isSuccess ? JSON.stringify(state.data) : 'pending'}
    </p>
  )
}

function renderGate(
  handlers: Parameters<typeof createFakeTransport>[0],
  sent?: Promise<AppStartup>,
) {
  const fake = createFakeTransport(handlers)
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <StartupGate startup={sent}>
        <FirstScreen />
      </StartupGate>
    </AppProviders>,
  )
  return fake
}

describe('StartupGate', () => {
  it('renders the first screen from one app.startup call, with no call per part', async () => {
    const fake = renderGate({ 'app.startup': () => ({ ok: true, value: STARTUP }) })
    expect(await screen.findByTestId('first')).toHaveTextContent('light · 1 · null')
    expect(fake.calls.map((call) => call.channel)).toEqual(['app.startup'])
  })

  it('still renders when app.startup fails: each part is then asked for itself', async () => {
    const fake = renderGate({
      'app.startup': () => ({ ok: false, error: { code: 'internal', message: 'broken' } }),
      'settings.get': () => ({ ok: true, value: STARTUP.settings }),
      'servers.list': () => ({ ok: true, value: STARTUP.servers }),
      'search.state.get': () => ({ ok: true, value: null }),
    })
    await waitFor(() => expect(screen.getByTestId('first')).toHaveTextContent('light · 1 · null'))
    expect(fake.calls.map((call) => call.channel).sort()).toEqual([
      'app.startup',
      'search.state.get',
      'servers.list',
      'settings.get',
    ])
  })

  it('takes the answer of an app.startup sent before React mounted, and asks nothing itself', async () => {
    // The fixture holds only what FirstScreen reads, as the fake transport's answers do.
    const fake = renderGate({}, Promise.resolve(STARTUP as unknown as AppStartup))
    expect(await screen.findByTestId('first')).toHaveTextContent('light · 1 · null')
    expect(fake.calls).toEqual([])
  })
})
