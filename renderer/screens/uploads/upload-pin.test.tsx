import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { ok } from '../../features/downloads/test-fixtures'
import { StartPinProvider } from '../../features/offline/start-pin'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { UploadPage } from './upload-page'

// Issue 17 item 1: an upload is pinned from its page, as a search or a selection is from
// Search: the pin dialog counts the upload's entries, and Pin sends an upload source.

describe('pinning an upload from its page', () => {
  it('opens the pin dialog for the whole upload and pins it as an upload', async () => {
    const fake = createFakeTransport({
      'uploads.get': () => ({ ok: false, error: { code: 'network', message: 'offline' } }),
      'offline.estimate': () =>
        ok({
          matched: 7,
          entries: 7,
          bytes: 70_000,
          sampled: 7,
          folder: '/home/you/.config/nomad-desktop',
          freeBytes: 10 * 1024 ** 3,
          reserveBytes: 64 * 1024 ** 2,
        }),
      'offline.pin': () => ok({ pinId: 'p1' }),
      'app.info': () =>
        ok({ name: 'NOMAD Desktop', version: '0.1.0', mode: 'web', platform: 'linux' }),
      'settings.get': () => ok({ appearance: { theme: 'light' } }),
    })
    render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <StartPinProvider onShowOffline={() => undefined}>
          <UploadPage serverId="s1" uploadId="up1" folder={undefined} />
        </StartPinProvider>
      </AppProviders>,
    )
    await userEvent.click(await screen.findByTestId('upload-pin'))
    const source = { kind: 'upload', uploadId: 'up1' }
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'offline.estimate')?.input).toMatchObject({
        serverId: 's1',
        source,
      }),
    )
    const start = await screen.findByTestId('pin-start')
    await waitFor(() => expect(start).toBeEnabled())
    await userEvent.click(start)
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'offline.pin')?.input).toMatchObject({
        serverId: 's1',
        source,
        label: 'Upload up1',
      }),
    )
  })
})
