import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { ok } from '../downloads/test-fixtures'
import { PinDialog } from './pin-dialog'

// A large pin against the free space of the library's disk: 200 000 matches of about 10 KiB
// each (about 1.9 GiB) on a disk with 1 GiB free. The dialog says it does not fit, keeps Start
// disabled with the reason, and lowering "Keep at most" until it fits enables it.

const KiB = 1024
const MiB = 1024 * KiB
const free = 1024 * MiB
const reserve = 64 * MiB

function renderDialog() {
  const fake = createFakeTransport({
    'offline.estimate': (input) => {
      const entries = Math.min(200_000, (input as { limit: number }).limit)
      return ok({
        matched: 200_000,
        entries,
        bytes: entries * 10 * KiB,
        sampled: 20,
        folder: '/home/you/.config/nomad-desktop',
        freeBytes: free,
        reserveBytes: reserve,
      })
    },
    'app.info': () =>
      ok({ name: 'NOMAD Desktop', version: '0.1.0', mode: 'web', platform: 'linux' }),
    'settings.get': () => ok({ appearance: { theme: 'light' } }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <PinDialog
        request={{
          serverId: 'nomad-public',
          source: { kind: 'search', query: {}, owner: 'visible' },
        }}
        onClose={() => undefined}
        onShowOffline={() => undefined}
      />
    </AppProviders>,
  )
}

describe('the pin dialog and the free space of the disk', () => {
  it('refuses a pin that does not fit, says why, and lets the limit be lowered until it fits', async () => {
    renderDialog()
    const limit = screen.getByTestId('pin-limit')
    await userEvent.clear(limit)
    await userEvent.type(limit, '200000')
    const note = await screen.findByTestId('pin-space')
    await waitFor(() => expect(note).toHaveAttribute('data-state', 'too-big'))
    const fit = Math.floor((free - reserve) / (10 * KiB))
    expect(note).toHaveTextContent('It needs about 1.9 GiB, but only 1 GiB is free on the disk')
    expect(note).toHaveTextContent('/home/you/.config/nomad-desktop')
    expect(note).toHaveTextContent(`About ${fit.toLocaleString('en-US')} entries fit`)
    const start = screen.getByTestId('pin-start')
    expect(start).toBeDisabled()
    expect(start).toHaveAccessibleDescription(/does not fit|needs about 1.9 GiB/)

    // One click lowers "Keep at most" to what fits: it still leaves little free, so a warning
    // stays, but the pin can start.
    await userEvent.click(screen.getByTestId('pin-space-lower'))
    await waitFor(() =>
      expect(screen.getByTestId('pin-space')).toHaveAttribute('data-state', 'tight'),
    )
    expect(screen.getByTestId('pin-space')).toHaveTextContent('Only 1 GiB is free on the disk')
    await waitFor(() => expect(screen.getByTestId('pin-start')).toBeEnabled())
  })
})
