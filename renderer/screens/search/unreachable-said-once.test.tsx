import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import type { ServerStatus } from '../../../shared/ipc/models/server-profile'
import { AppProviders } from '../../app/providers'
import { StatusBar } from '../../app/status-bar'
import { UnreachableServerNotice } from '../../app/unreachable-server-notice'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport, PUBLIC_SERVER } from '../../test-support/fake-transport'
import { LiveCount } from './live-count'
import { SearchFailure } from './results/search-failure'

const DNS = 'Could not look up nomad-lab.eu (DNS). Check the address or your internet connection.'

function renderSearchParts(status: ServerStatus) {
  const fake = createFakeTransport({
    'servers.list': () => ({
      ok: true,
      value: { servers: [PUBLIC_SERVER], activeServerId: 'nomad-public' },
    }),
    'app.status': () => ({
      ok: true,
      value: { activeServerId: 'nomad-public', servers: { 'nomad-public': status } },
    }),
  })
  const error = new AppError('network', DNS)
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <UnreachableServerNotice onSwitched={() => undefined} />
      <LiveCount count={undefined} fresh={false} error={error} optimade={false} />
      <SearchFailure error={error} onRetry={() => undefined} onOwner={() => undefined} />
      <StatusBar />
    </AppProviders>,
  )
}

describe('an unreachable active server on the Search screen', () => {
  it('says the connection error once, in the notice; the count and results point at it', async () => {
    renderSearchParts({ state: 'offline', message: DNS, checkedAt: 1 })
    await screen.findByTestId('server-unreachable-notice')
    await waitFor(() => expect(screen.getAllByText(DNS, { exact: false })).toHaveLength(1))
    expect(screen.getByTestId('server-unreachable-notice')).toHaveTextContent(DNS)
    // The status bar keeps its short state.
    expect(screen.getByTestId('status-state')).toHaveTextContent('Offline')
    expect(screen.getByTestId('live-count-error')).toHaveTextContent(
      'Server unreachable — see the notice above.',
    )
    expect(screen.getByTestId('results-error')).toHaveTextContent(
      'Server unreachable — see the notice above.',
    )
  })

  it('keeps the whole message where no notice says it (the server answers)', async () => {
    renderSearchParts({ state: 'online', checkedAt: 1 })
    await waitFor(() => expect(screen.getAllByText(DNS, { exact: false })).toHaveLength(2))
    expect(screen.queryByTestId('server-unreachable-notice')).toBeNull()
  })
})
