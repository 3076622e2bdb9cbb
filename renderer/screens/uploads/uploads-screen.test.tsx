import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { UploadList } from '../../../shared/ipc/channels/uploads'
import { AppProviders } from '../../app/providers'
import { SignInPromptProvider } from '../../components/sign-in/prompt-context'
import { createSignInPromptStore } from '../../components/sign-in/prompt-store'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { UploadsScreen } from './uploads-screen'

// The first row of the recorded real-server uploads page (recordings uploads/uploadspage.json,
// GET /uploads?page_size=10: total 11, dft_upload_11 first), as core's toSummary hands it over.
const RECORDED: UploadList = {
  total: 11,
  page: 1,
  pageSize: 50,
  filteredLocally: false,
  items: [
    {
      uploadId: 'dft_upload_11',
      name: null,
      createTime: '2024-09-06T19:32:41.688000',
      publishTime: null,
      processStatus: 'SUCCESS',
      processRunning: false,
      lastStatusMessage: null,
      published: false,
      withEmbargo: false,
      embargoLength: 0,
      license: 'CC BY 4.0',
      entries: 1,
      memberCount: 1,
      groupCount: 0,
    },
  ],
}

const testSession = {
  user: { userId: 'u1', username: 'lena', name: 'Lena Hoffmann', email: null },
  expiresAt: '2030-01-01T00:00:00.000Z',
  signedInAt: '2029-12-31T23:55:00.000Z',
}

function renderScreen(signedIn: boolean) {
  const fake = createFakeTransport({
    'auth.status': () => ({
      ok: true,
      value: {
        serverId: 'lab',
        serverName: 'Lab Oasis',
        passwordSignIn: true,
        session: signedIn ? testSession : null,
        ended: null,
      },
    }),
    'servers.list': () => ({ ok: true, value: { servers: [], activeServerId: 'lab' } }),
    'app.status': () => ({ ok: true, value: { servers: {} } }),
    'uploads.list': () => ({ ok: true, value: RECORDED }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <SignInPromptProvider store={createSignInPromptStore()}>
        <UploadsScreen />
      </SignInPromptProvider>
    </AppProviders>,
  )
  return fake
}

describe('Uploads screen', () => {
  it('signed out, says what signing in gives and asks for no list', async () => {
    const fake = renderScreen(false)
    expect(await screen.findByTestId('uploads-signed-out')).toHaveTextContent(
      'every upload you are the main author, a coauthor or a reviewer of',
    )
    expect(fake.calls.some((c) => c.channel === 'uploads.list')).toBe(false)
  })

  it('shows the recorded uploads page: unnamed upload, id, state, visibility, entries', async () => {
    const fake = renderScreen(true)
    const row = await screen.findByTestId('uploads-row')
    expect(row).toHaveTextContent('Unnamed upload')
    expect(row).toHaveTextContent('dft_upload_11')
    expect(row).toHaveTextContent('success')
    expect(row).toHaveTextContent('unpublished')
    expect(screen.getByTestId('uploads-open')).toHaveAttribute(
      'href',
      '#/uploads/lab/dft_upload_11',
    )
    expect(screen.getByTestId('uploads-total')).toHaveTextContent('11 uploads')
    await userEvent.setup().type(screen.getByTestId('uploads-name-filter'), 'dft')
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'uploads.list').at(-1)?.input).toMatchObject({
        serverId: 'lab',
        name: 'dft',
        page: 1,
      }),
    )
  })
})
