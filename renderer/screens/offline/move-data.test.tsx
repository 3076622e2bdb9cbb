import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { DataLocation, MoveProgress } from '../../../shared/ipc/channels/data-move'
import type { IpcResult } from '../../../shared/ipc/result'
import { AppProviders } from '../../app/providers'
import { ok } from '../../features/downloads/test-fixtures'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport, SHELL_HANDLERS } from '../../test-support/fake-transport'
import { MoveDataModal } from './move-data'

// The move dialog: the target typed (web mode, no picker), progress in bytes and files from the
// progress event, cancel before the switch, the refusal or the result shown in place.

const MiB = 1024 * 1024
const progress = (patch: Partial<MoveProgress>): MoveProgress => ({
  phase: 'copying',
  from: '/home/me/.config/nomad',
  to: '/data/nomad',
  bytes: 0,
  totalBytes: 8 * MiB,
  files: 0,
  totalFiles: 12,
  ...patch,
})
const moved: DataLocation = {
  folder: '/data/nomad',
  appFolder: '/home/me/.config/nomad',
  bytes: 8 * MiB,
  files: 12,
  moving: null,
}

function renderDialog(moveData: (input: unknown) => Promise<IpcResult<unknown>>) {
  const calls: { channel: string; input: unknown }[] = []
  const fake = createFakeTransport({
    ...SHELL_HANDLERS,
    'offline.moveData': (input) => (calls.push({ channel: 'move', input }), moveData(input)),
    'offline.moveCancel': (input) => {
      calls.push({ channel: 'cancel', input })
      return ok({ cancelled: true })
    },
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <MoveDataModal folder="/home/me/.config/nomad" bytes={8 * MiB} onClose={() => undefined} />
    </AppProviders>,
  )
  return { fake, calls }
}

describe('MoveDataModal', () => {
  it('moves to a typed folder with progress, cancel before the switch, and the result', async () => {
    let finish: (result: IpcResult<unknown>) => void = () => undefined
    const { fake, calls } = renderDialog(() => new Promise((resolve) => (finish = resolve)))
    expect(screen.getByText(/\(8 MiB\) are in \/home\/me\/\.config\/nomad/)).toBeTruthy()
    const start = screen.getByTestId('move-data-start')
    expect(start).toHaveProperty('disabled', true)
    await userEvent.type(screen.getByTestId('move-data-target'), ' /data/nomad ')
    await userEvent.click(start)
    await waitFor(() =>
      expect(calls).toEqual([{ channel: 'move', input: { target: '/data/nomad' } }]),
    )

    fake.emit('offline.moveProgress', progress({ bytes: 2 * MiB, files: 3 }))
    expect(await screen.findByText('Copying… 2 MiB of 8 MiB, 3 of 12 files')).toBeTruthy()
    await userEvent.click(screen.getByTestId('move-data-cancel'))
    await waitFor(() => expect(calls.at(-1)).toEqual({ channel: 'cancel', input: {} }))

    // Past the switch, cancelling is no longer offered.
    fake.emit('offline.moveProgress', progress({ phase: 'removing', bytes: 8 * MiB, files: 12 }))
    await screen.findByText(/Removing the old copy… 8 MiB of 8 MiB, 12 of 12 files/)
    expect(screen.getByTestId('move-data-cancel')).toHaveProperty('disabled', true)

    finish(ok(moved))
    expect((await screen.findByTestId('move-data-done')).textContent).toBe(
      'The data is now in /data/nomad; the old copy was removed.',
    )
    expect(screen.queryByTestId('move-data-start')).toBeNull()
  })

  it('shows a refusal in place and lets the user try another folder', async () => {
    const message =
      '/data/thesis is not empty (it holds thesis.tex); choose an empty or new folder.'
    let answer: IpcResult<unknown> = { ok: false, error: { code: 'invalid_input', message } }
    const { calls } = renderDialog(() => Promise.resolve(answer))
    await userEvent.type(screen.getByTestId('move-data-target'), '/data/thesis')
    await userEvent.click(screen.getByTestId('move-data-start'))
    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.queryByTestId('move-data-progress')).toBeNull()

    answer = ok(moved)
    await userEvent.clear(screen.getByTestId('move-data-target'))
    await userEvent.type(screen.getByTestId('move-data-target'), '/data/nomad')
    await userEvent.click(screen.getByTestId('move-data-start'))
    await screen.findByTestId('move-data-done')
    expect(screen.queryByText(message)).toBeNull()
    expect(calls.map((call) => call.input)).toEqual([
      { target: '/data/thesis' },
      { target: '/data/nomad' },
    ])
  })
})
