import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { AppProviders } from '../../app/providers'
import { useDownloadsLiveUpdates } from '../../features/downloads/live-downloads'
import { jobSummary, ok } from '../../features/downloads/test-fixtures'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { DownloadsScreen } from './downloads-screen'
import { FAILURES_PAGE } from './failures-panel'

function Live() {
  useDownloadsLiveUpdates()
  return null
}

function renderScreen(jobs: JobSummary[], extra: Record<string, (input: unknown) => unknown> = {}) {
  const fake = createFakeTransport({
    'app.info': () =>
      ok({ name: 'NOMAD Desktop', version: '0.1.0', mode: 'web', platform: 'linux' }),
    'downloads.list': () => ok({ jobs }),
    ...(extra as Record<string, () => never>),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <Live />
      <DownloadsScreen />
    </AppProviders>,
  )
  return fake
}

const rowOf = (id: string) =>
  screen.getAllByTestId('job-row').find((row) => row.getAttribute('data-job') === id) as HTMLElement

describe('the Downloads screen', () => {
  it('says how to start a download when there is none, with one h1', async () => {
    renderScreen([])
    const empty = await screen.findByTestId('downloads-empty')
    expect(empty).toHaveTextContent('Search')
    expect(empty).toHaveTextContent('file browser')
    expect(empty).toHaveTextContent('Archive viewer')
    expect(screen.getByTestId('run-again-manifest')).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('puts every state into words, with figures and the interrupted note', async () => {
    const now = Date.now()
    const states: [Partial<JobSummary>, string | RegExp][] = [
      [{ state: 'queued' }, 'Queued'],
      [{ state: 'planning' }, 'Planning'],
      [{ state: 'running' }, 'Running'],
      [
        { state: 'throttled', retryAt: now + 60_000 },
        /^Throttled, retry in (60|59|58|57|56|55) s$/,
      ],
      [{ state: 'paused' }, 'Paused'],
      [{ state: 'low-disk', message: 'Only 120 MiB free on /data.' }, 'Low disk space'],
      [{ state: 'verifying' }, 'Verifying'],
      [{ state: 'done' }, 'Done'],
      [{ state: 'failed', filesFailed: 3 }, 'Failed (3)'],
      [{ state: 'cancelled' }, 'Cancelled'],
    ]
    renderScreen(
      states.map(([overrides], i) =>
        jobSummary({
          id: `job-${i}`,
          interruptedAt: i === 2 ? now - 1000 : undefined,
          ...overrides,
        }),
      ),
    )
    await screen.findAllByTestId('job-row')
    states.forEach(([, words], i) =>
      expect(within(rowOf(`job-${i}`)).getByTestId('job-state')).toHaveTextContent(words),
    )
    const running = rowOf('job-2')
    expect(within(running).getByTestId('job-files')).toHaveTextContent('12 of 40 files')
    expect(within(running).getByTestId('job-bytes')).toHaveTextContent('12 MiB of 40 MiB (30 %)')
    expect(within(running).getByTestId('job-rate')).toHaveTextContent('2 MiB/s')
    expect(within(running).getByTestId('job-eta')).toHaveTextContent('14 s left')
    expect(within(running).getByTestId('job-message')).toHaveTextContent(
      'Interrupted while the app was closed',
    )
    expect(within(running).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30')
    expect(within(rowOf('job-5')).getByTestId('job-message')).toHaveTextContent(
      'Only 120 MiB free on /data.',
    )
    expect(within(running).getByLabelText(/^Pause /)).toBeInTheDocument()
    expect(within(rowOf('job-4')).getByLabelText(/^Resume /)).toBeInTheDocument()
    expect(within(rowOf('job-7')).queryByLabelText(/^Cancel /)).toBeNull()
  })

  it('counts a throttled job down to its retry', async () => {
    renderScreen([jobSummary({ state: 'throttled', retryAt: Date.now() + 5500 })])
    const badge = await screen.findByTestId('job-state')
    const seconds = () => Number(/retry in (\d+) s/.exec(badge.textContent ?? '')?.[1])
    const first = seconds()
    expect(first).toBeGreaterThanOrEqual(2)
    expect(first).toBeLessThanOrEqual(6)
    await waitFor(() => expect(seconds()).toBeLessThan(first), { timeout: 3000 })
  })

  it('follows downloads.changed: a changed job updates in place, a new one is added', async () => {
    const fake = renderScreen([jobSummary()])
    await screen.findByTestId('job-row')
    act(() =>
      fake.emit('downloads.changed', {
        jobs: [
          jobSummary({ state: 'done', filesDone: 40, bytesDone: 40 * 1024 * 1024 }),
          jobSummary({ id: 'job-2', label: 'Second job', state: 'queued' }),
        ],
        overall: { active: 1, bytesDone: 0, bytesTotal: null, rate: 0 },
      }),
    )
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(2))
    expect(within(rowOf('job-1')).getByTestId('job-state')).toHaveTextContent('Done')
    expect(within(rowOf('job-2')).getByTestId('job-label')).toHaveTextContent('Second job')
  })

  it('expands failed items with kind and reason, pages them and retries one', async () => {
    const total = 120
    const fake = renderScreen([jobSummary({ state: 'failed', filesFailed: total })], {
      'downloads.failures': (input) => {
        const { offset, limit } = input as { offset: number; limit: number }
        const items = Array.from({ length: Math.min(limit, total - offset) }, (_, i) => ({
          path: `u1/file-${offset + i}.dat`,
          reason:
            offset + i === 0 ? 'Refused: the name has a ".." part.' : 'HTTP 502 from the server',
          kind: offset + i === 0 ? 'refused' : 'retryable',
          attempts: 3,
        }))
        return ok({ total, items })
      },
      'downloads.retry': () => ok(jobSummary({ state: 'running' })),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('job-failures-toggle'))
    const panel = await screen.findByTestId('failures-panel')
    expect(within(panel).getAllByTestId('failure-row')).toHaveLength(FAILURES_PAGE)
    const first = within(panel).getAllByTestId('failure-row')[0] as HTMLElement
    expect(first).toHaveTextContent('Refused')
    expect(first).toHaveTextContent('nothing was written')
    expect(within(first).queryByTestId('failure-retry')).toBeNull()
    await user.click(within(panel).getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(within(panel).getAllByTestId('failure-row')).toHaveLength(20))
    expect(
      fake.calls.filter((c) => c.channel === 'downloads.failures').at(-1)?.input,
    ).toMatchObject({ offset: 100, limit: FAILURES_PAGE })
    await user.click(within(panel).getAllByTestId('failure-retry')[0] as HTMLElement)
    expect(fake.calls.find((c) => c.channel === 'downloads.retry')?.input).toEqual({
      jobId: 'job-1',
      paths: ['u1/file-100.dat'],
    })
  })

  it('cancels only after a confirmation, removing partial files when ticked', async () => {
    const fake = renderScreen([jobSummary()], {
      'downloads.cancel': () => ok(jobSummary({ state: 'cancelled' })),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('job-cancel'))
    const modal = await screen.findByTestId('cancel-modal')
    expect(fake.calls.some((c) => c.channel === 'downloads.cancel')).toBe(false)
    await user.click(within(modal).getByLabelText(/Also remove partial files/))
    await user.click(within(modal).getByTestId('cancel-confirm'))
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'downloads.cancel')?.input).toEqual({
        jobId: 'job-1',
        removePartial: true,
      }),
    )
  })

  it('shows the folder path with a copy button where no file manager can open (web mode)', async () => {
    renderScreen([jobSummary()], {
      'downloads.reveal': () => ok({ supported: false, path: '/data/nomad' }),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('job-open-folder'))
    expect(await screen.findByTestId('folder-path')).toHaveTextContent('/data/nomad')
    expect(screen.getByTestId('folder-copy')).toHaveTextContent('Copy path')
  })

  it('lists what verify found missing, changed and extra', async () => {
    renderScreen([jobSummary({ state: 'done' })], {
      'downloads.verify': () =>
        ok({
          jobId: 'job-1',
          checkedAt: Date.now(),
          checked: 40,
          ok: 38,
          missing: ['u1/a.dat'],
          changed: [{ path: 'u1/b.dat', reason: 'sha256 differs' }],
          extra: ['u1/notes.txt'],
        }),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('job-more'))
    await user.click(await screen.findByTestId('job-verify'))
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent(
      '2 of 40 files differ from the manifest',
    )
    expect(screen.getByTestId('verify-missing')).toHaveTextContent('u1/a.dat')
    expect(screen.getByTestId('verify-changed')).toHaveTextContent('u1/b.dat — sha256 differs')
    expect(screen.getByTestId('verify-extra')).toHaveTextContent('u1/notes.txt')
  })
})
