import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { DownloadsSummary, describeOverall } from './downloads-summary'
import { useDownloadsLiveUpdates } from './live-downloads'
import { jobSummary, ok } from './test-fixtures'

const MiB = 1024 * 1024

function Live() {
  useDownloadsLiveUpdates()
  return null
}

function renderSummary(jobs = [jobSummary({ state: 'done' })]) {
  const fake = createFakeTransport({ 'downloads.list': () => ok({ jobs }) })
  const onOpen = vi.fn()
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <Live />
      <DownloadsSummary onOpen={onOpen} />
    </AppProviders>,
  )
  return { fake, onOpen }
}

describe('the status bar downloads summary', () => {
  it('says jobs, percentage and rate, leaving out what is not known', () => {
    expect(describeOverall({ active: 2, bytesDone: 45, bytesTotal: 100, rate: 12 * MiB })).toBe(
      '2 downloads · 45 % · 12 MiB/s',
    )
    expect(describeOverall({ active: 1, bytesDone: 5, bytesTotal: null, rate: 0 })).toBe(
      '1 download',
    )
  })

  it('is hidden while nothing is active and appears with the first event', async () => {
    const { fake, onOpen } = renderSummary()
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'downloads.list')).toBe(true))
    expect(screen.queryByTestId('status-downloads')).toBeNull()
    act(() =>
      fake.emit('downloads.changed', {
        jobs: [jobSummary()],
        overall: { active: 2, bytesDone: 45 * MiB, bytesTotal: 100 * MiB, rate: 12 * MiB },
      }),
    )
    const summary = await screen.findByTestId('status-downloads')
    expect(summary).toHaveTextContent('2 downloads · 45 % · 12 MiB/s')
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '45')
    await userEvent.setup().click(summary)
    expect(onOpen).toHaveBeenCalledOnce()
    act(() =>
      fake.emit('downloads.changed', {
        jobs: [jobSummary({ state: 'done' })],
        overall: { active: 0, bytesDone: 0, bytesTotal: 0, rate: 0 },
      }),
    )
    await waitFor(() => expect(screen.queryByTestId('status-downloads')).toBeNull())
  })

  it('before any event, sums the listed jobs that are still active', async () => {
    renderSummary([
      jobSummary({ id: 'a', bytesDone: 10 * MiB, bytesTotal: 40 * MiB, rate: MiB }),
      jobSummary({ id: 'b', state: 'done', bytesDone: 99 * MiB, bytesTotal: 99 * MiB }),
    ])
    expect(await screen.findByTestId('status-downloads')).toHaveTextContent(
      '1 download · 25 % · 1 MiB/s',
    )
  })
})
