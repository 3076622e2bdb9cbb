import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import type { NetworkMeter as Meter } from '../../../shared/ipc/channels/net'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { NetworkMeter } from './network-meter'

function meter(overrides: Partial<Meter> = {}): Meter {
  const start = Math.floor(Date.now() / 1000) * 1000 - 59_000
  return {
    serverId: 'lab',
    origin: 'https://lab.example.org',
    state: 'normal',
    ratePerSecond: 28.5,
    learnedRate: 30,
    concurrencyLimit: 9,
    inFlight: 3,
    queued: { interactive: 1, background: 40 },
    completedPerSecond: 27.6,
    throttlesLastMinute: 2,
    history: Array.from({ length: 60 }, (_, i) => ({
      t: start + i * 1000,
      completed: 20 + (i % 7),
      throttled: i === 50 || i === 57 ? 1 : 0,
    })),
    ...overrides,
  }
}

function renderMeter(initial: Meter | null) {
  const fake = createFakeTransport({ 'net.meter': () => ({ ok: true, value: initial }) })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <NetworkMeter serverId="lab" />
    </AppProviders>,
  )
  return fake
}

describe('NetworkMeter', () => {
  it('says so when nothing was sent yet', async () => {
    renderMeter(null)
    expect(await screen.findByTestId('network-meter-label')).toHaveTextContent('No requests yet')
    expect(screen.getByTestId('network-meter')).toHaveAttribute('data-state', 'idle')
  })

  it('shows requests per second and in flight, and the details on click', async () => {
    const fake = renderMeter(meter())
    await expect(screen.findByText('28 req/s · 3 in flight')).resolves.toBeInTheDocument()
    expect(fake.calls[0]).toMatchObject({ channel: 'net.meter', input: { serverId: 'lab' } })
    await userEvent.setup().click(screen.getByTestId('network-meter'))
    const details = await screen.findByTestId('meter-popover')
    expect(within(details).getByTestId('meter-state')).toHaveTextContent('Normal')
    expect(within(details).getByTestId('meter-learned')).toHaveTextContent('30 req/s')
    expect(within(details).getByTestId('meter-connections')).toHaveTextContent('3 of 9')
    expect(within(details).getByTestId('meter-queued-interactive')).toHaveTextContent('1')
    expect(within(details).getByTestId('meter-queued-background')).toHaveTextContent('40')
    expect(within(details).getByTestId('meter-refusals')).toHaveTextContent('2')
    expect(within(details).getAllByTestId('meter-sparkline-refusal')).toHaveLength(2)
  })

  it('follows pushed events and explains backing off with a countdown', async () => {
    const fake = renderMeter(meter())
    await screen.findByText('28 req/s · 3 in flight')
    act(() => {
      fake.emit('net.meter', meter({ serverId: 'other', inFlight: 9 }))
      fake.emit(
        'net.meter',
        meter({ state: 'backing-off', backoffUntil: Date.now() + 7_600, inFlight: 0 }),
      )
    })
    expect(await screen.findByTestId('network-meter-label')).toHaveTextContent(
      'Backing off 8 s · 0 in flight',
    )
    await userEvent.setup().click(screen.getByTestId('network-meter'))
    expect(await screen.findByTestId('meter-explanation')).toHaveTextContent(
      'NOMAD is limiting requests from your network. Waiting 8 s, then continuing automatically. Limits are per IP address, so colleagues on the same network share them.',
    )
  })
})
