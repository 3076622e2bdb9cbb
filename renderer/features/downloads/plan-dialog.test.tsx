import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DownloadSpec } from '../../../shared/ipc/channels/downloads'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import {
  StartDownloadProvider,
  useStartDownload,
  type StartDownloadRequest,
} from './start-download'
import { downloadPlan, ok } from './test-fixtures'

const REQUEST: StartDownloadRequest = {
  serverId: 'nomad-public',
  source: { kind: 'entries', entryIds: ['e1', 'e2'] },
  label: 'Raw files of 2 entries',
}

function Opener({ request }: { request: StartDownloadRequest }) {
  const { open } = useStartDownload()
  return <button onClick={() => open(request)}>open</button>
}

/** The dialog over a fake engine whose plan says what `problems` returns for the spec. */
function renderDialog({
  mode = 'web',
  lastDestinations,
  problems = () => [],
  request = REQUEST,
}: {
  mode?: 'web' | 'desktop'
  lastDestinations?: Record<string, string>
  problems?: (spec: DownloadSpec) => ReturnType<typeof downloadPlan>['problems']
  request?: StartDownloadRequest
} = {}) {
  const fake = createFakeTransport({
    'app.info': () => ok({ name: 'NOMAD Desktop', version: '0.1.0', mode, platform: 'linux' }),
    'settings.get': () =>
      ok({
        appearance: { theme: 'light' },
        ...(lastDestinations ? { downloads: { lastDestinations } } : {}),
      }),
    'settings.update': (patch) => ok({ appearance: { theme: 'light' }, ...(patch as object) }),
    'downloads.plan': (input) => {
      const spec = input as DownloadSpec
      return ok(downloadPlan({ destination: spec.destination, problems: problems(spec) }))
    },
    'downloads.start': () => ok({ jobId: 'job-9' }),
    'downloads.pickFolder': () => ok({ supported: true, path: '/picked/folder' }),
  })
  const onShowDownloads = vi.fn()
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <StartDownloadProvider onShowDownloads={onShowDownloads}>
        <Opener request={request} />
      </StartDownloadProvider>
    </AppProviders>,
  )
  fireEvent.click(screen.getByText('open'))
  return { fake, onShowDownloads }
}

const plans = (fake: ReturnType<typeof createFakeTransport>) =>
  fake.calls.filter((c) => c.channel === 'downloads.plan').map((c) => c.input as DownloadSpec)

const slow = { timeout: 4000 }

describe('the planning dialog', () => {
  it('plans the remembered folder and shows counts, size (human and exact) and free space', async () => {
    const { fake } = renderDialog({ lastDestinations: { 'nomad-public': '/data/nomad' } })
    expect(await screen.findByTestId('plan-source', {}, slow)).toHaveTextContent(
      'Raw files of 2 selected entries',
    )
    await waitFor(() => expect(screen.getByTestId('plan-destination')).toHaveValue('/data/nomad'))
    expect(await screen.findByTestId('plan-entries', {}, slow)).toHaveTextContent('50')
    expect(screen.getByTestId('plan-bytes')).toHaveTextContent('1.2 MiB')
    expect(screen.getByTestId('plan-bytes-exact')).toHaveTextContent(/^1\s234\s567 bytes$/)
    expect(screen.getByTestId('plan-free')).toHaveTextContent('50 GiB')
    expect(screen.getByTestId('plan-units')).toHaveTextContent('3')
    expect(plans(fake)[0]).toMatchObject({
      serverId: 'nomad-public',
      source: REQUEST.source,
      destination: '/data/nomad',
      existing: 'skip-identical',
    })
    await waitFor(() => expect(screen.getByTestId('plan-start')).toBeEnabled())
  })

  it('passes the globs through, one per line, and shows a glob problem at its field', async () => {
    const { fake } = renderDialog({
      lastDestinations: { 'nomad-public': '/data/nomad' },
      problems: (spec) =>
        spec.exclude.includes('**/*') && spec.include.length > 0
          ? [{ field: 'exclude', severity: 'error', message: 'The exclusions leave no file.' }]
          : [],
    })
    const user = userEvent.setup()
    await user.type(await screen.findByTestId('plan-include'), '**/*.cif\n\n  **/vasprun.xml  ')
    await user.type(screen.getByTestId('plan-exclude'), '**/*')
    await waitFor(
      () =>
        expect(plans(fake).at(-1)).toMatchObject({
          include: ['**/*.cif', '**/vasprun.xml'],
          exclude: ['**/*'],
        }),
      slow,
    )
    const exclude = screen.getByTestId('plan-exclude')
    await waitFor(() =>
      expect(exclude).toHaveAccessibleDescription(/The exclusions leave no file\./),
    )
    expect(exclude).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('plan-include')).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('plan-start')).toBeDisabled()
  })

  it('shows a destination problem at the folder field and keeps Start disabled until fixed', async () => {
    const { fake, onShowDownloads } = renderDialog({
      problems: (spec) =>
        spec.destination === '/etc/passwd'
          ? [
              {
                field: 'destination',
                severity: 'error',
                message: '/etc/passwd is a file, not a folder.',
              },
            ]
          : [{ field: 'space', severity: 'warning', message: 'Only 2 GiB would be left free.' }],
    })
    const user = userEvent.setup()
    const destination = await screen.findByTestId('plan-destination')
    expect(screen.getByTestId('plan-start')).toBeDisabled()
    await user.type(destination, '/etc/passwd')
    await waitFor(
      () => expect(destination).toHaveAccessibleDescription(/is a file, not a folder/),
      slow,
    )
    expect(screen.getByTestId('plan-start')).toBeDisabled()
    await user.clear(destination)
    await user.type(destination, '/data/new')
    await waitFor(() => expect(screen.getByTestId('plan-start')).toBeEnabled(), slow)
    expect(screen.getByTestId('plan-space-warnings')).toHaveTextContent(
      'Only 2 GiB would be left free.',
    )
    await user.click(screen.getByTestId('plan-start'))
    expect(fake.calls.find((c) => c.channel === 'downloads.start')?.input).toMatchObject({
      destination: '/data/new',
      label: 'Raw files of 2 entries',
    })
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'settings.update')?.input).toEqual({
        downloads: { lastDestinations: { 'nomad-public': '/data/new' } },
      }),
    )
    await user.click(await screen.findByTestId('plan-show-downloads'))
    expect(onShowDownloads).toHaveBeenCalledOnce()
  })

  it('offers the native picker on the desktop and plans the folder it returns', async () => {
    const { fake } = renderDialog({ mode: 'desktop' })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('plan-pick-folder'))
    await waitFor(() =>
      expect(screen.getByTestId('plan-destination')).toHaveValue('/picked/folder'),
    )
    await waitFor(() => expect(plans(fake).at(-1)?.destination).toBe('/picked/folder'), slow)
  })

  it('refuses a required that is not JSON at its field, without asking the engine', async () => {
    const { fake } = renderDialog({
      lastDestinations: { 'nomad-public': '/data/nomad' },
      request: {
        serverId: 'nomad-public',
        source: {
          kind: 'archive',
          query: {},
          owner: 'visible',
          required: { results: '*' },
          format: 'json-per-entry',
        },
      },
    })
    const required = await screen.findByTestId('plan-required')
    expect(required).toHaveValue(JSON.stringify({ results: '*' }, null, 2))
    await waitFor(() => expect(plans(fake)).toHaveLength(1), slow)
    fireEvent.change(required, { target: { value: '{"results": ' } })
    await waitFor(() => expect(required).toHaveAccessibleDescription(/Not valid JSON/))
    expect(screen.getByTestId('plan-start')).toBeDisabled()
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(plans(fake)).toHaveLength(1)
  })
})
