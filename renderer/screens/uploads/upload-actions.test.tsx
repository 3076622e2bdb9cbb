import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { UploadDetail } from '../../../shared/ipc/channels/uploads'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { UploadActions } from './upload-actions'

// The upload page's actions: which are offered, the confirmations (publishing irreversible,
// deleting only after typing the name), what is sent, a refusal in place, and processing.

const STAGING: UploadDetail = {
  summary: {
    uploadId: 'V5LJlwvKRlGqEVS3lmGU6A',
    name: 'Perovskite screening',
    createTime: '2025-03-01T10:00:00',
    publishTime: null,
    processStatus: 'SUCCESS',
    processRunning: false,
    lastStatusMessage: 'Process process_upload completed successfully',
    published: false,
    withEmbargo: false,
    embargoLength: 0,
    license: 'CC BY 4.0',
    entries: 44,
    memberCount: 3,
    groupCount: 0,
  },
  members: [],
  myRole: 'main_author',
  signedIn: true,
  errors: [],
  warnings: [],
  completeTime: null,
  serverPath: null,
  actions: { publish: true, reprocess: true, liftEmbargo: false, delete: true, edit: true },
}

function renderActions(
  detail: UploadDetail,
  answer: (input: unknown) => unknown = () => ({ ok: true, value: detail.summary }),
) {
  const fake = createFakeTransport({
    'uploads.action': (input) => answer(input) as never,
    'uploads.edit': () => ({ ok: true, value: detail.summary }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <UploadActions serverId="sandbox" detail={detail} />
    </AppProviders>,
  )
  return fake
}
const sent = (fake: ReturnType<typeof renderActions>, channel: string) =>
  fake.calls.filter((c) => c.channel === channel).map((c) => c.input)

afterEach(() => {
  window.location.hash = ''
})

describe('UploadActions', () => {
  it('offers what the role allows and publishes with the embargo chosen', async () => {
    const user = userEvent.setup()
    const fake = renderActions(STAGING)
    const panel = screen.getByTestId('upload-actions')
    const buttons = within(panel)
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(buttons).toEqual(['Publish…', 'Name and embargo…', 'Reprocess', 'Delete…'])

    await user.click(screen.getByRole('button', { name: 'Publish…' }))
    const modal = await screen.findByTestId('publish-modal')
    expect(modal).toHaveTextContent('Publishing is irreversible')
    const embargo = within(modal).getByTestId('embargo-input')
    await user.clear(embargo)
    await user.type(embargo, '12')
    await user.click(within(modal).getByRole('button', { name: 'Publish with 12 months embargo' }))
    await waitFor(() =>
      expect(sent(fake, 'uploads.action')).toEqual([
        {
          serverId: 'sandbox',
          uploadId: 'V5LJlwvKRlGqEVS3lmGU6A',
          action: 'publish',
          embargoLength: 12,
        },
      ]),
    )
    await waitFor(() => expect(screen.queryByTestId('publish-modal')).toBeNull())
  })

  it('deletes only once the name is typed, then goes back to the list', async () => {
    const user = userEvent.setup()
    const fake = renderActions(STAGING)
    await user.click(screen.getByRole('button', { name: 'Delete…' }))
    const modal = await screen.findByTestId('delete-upload-modal')
    const confirm = within(modal).getByRole('button', { name: 'Delete upload' })
    expect(confirm).toBeDisabled()
    await user.type(within(modal).getByTestId('delete-upload-typed'), 'Perovskite')
    expect(confirm).toBeDisabled()
    await user.type(within(modal).getByTestId('delete-upload-typed'), ' screening')
    expect(confirm).toBeEnabled()
    await user.click(confirm)
    await waitFor(() => expect(window.location.hash).toBe('#/uploads'))
    expect(sent(fake, 'uploads.action')).toEqual([
      { serverId: 'sandbox', uploadId: 'V5LJlwvKRlGqEVS3lmGU6A', action: 'delete' },
    ])
  })

  it('shows a refusal in the dialog and keeps it open', async () => {
    const user = userEvent.setup()
    renderActions(STAGING, () => ({
      ok: false,
      error: {
        code: 'forbidden',
        message: 'Only the main author of this upload can delete it.',
      },
    }))
    await user.click(screen.getByRole('button', { name: 'Delete…' }))
    const modal = await screen.findByTestId('delete-upload-modal')
    await user.type(within(modal).getByTestId('delete-upload-typed'), 'V5LJlwvKRlGqEVS3lmGU6A')
    await user.click(within(modal).getByRole('button', { name: 'Delete upload' }))
    expect(await within(modal).findByTestId('error-alert')).toHaveTextContent(
      'Only the main author of this upload can delete it.',
    )
    expect(window.location.hash).toBe('')
  })

  it('sends only what changed in the name and embargo dialog', async () => {
    const user = userEvent.setup()
    const fake = renderActions(STAGING)
    await user.click(screen.getByRole('button', { name: 'Name and embargo…' }))
    const modal = await screen.findByTestId('edit-upload-modal')
    const save = within(modal).getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    const name = within(modal).getByTestId('upload-name-input')
    await user.clear(name)
    expect(within(modal).getByText('An upload needs a name.')).toBeInTheDocument()
    await user.type(name, 'Perovskites, final')
    await user.click(save)
    await waitFor(() =>
      expect(sent(fake, 'uploads.edit')).toEqual([
        { serverId: 'sandbox', uploadId: 'V5LJlwvKRlGqEVS3lmGU6A', name: 'Perovskites, final' },
      ]),
    )
  })

  it('says the server is processing instead of offering actions; nothing for a reviewer', () => {
    const { unmount } = render(
      <AppProviders client={createIpcClient(createFakeTransport({}).transport)}>
        <UploadActions
          serverId="sandbox"
          detail={{
            ...STAGING,
            summary: {
              ...STAGING.summary,
              processRunning: true,
              lastStatusMessage: 'Pending: publish_upload',
            },
            actions: {
              publish: false,
              reprocess: false,
              liftEmbargo: false,
              delete: false,
              edit: false,
            },
          }}
        />
      </AppProviders>,
    )
    expect(screen.getByTestId('upload-processing')).toHaveTextContent('Pending: publish_upload')
    expect(screen.queryByRole('button')).toBeNull()
    unmount()
    render(
      <AppProviders client={createIpcClient(createFakeTransport({}).transport)}>
        <UploadActions serverId="sandbox" detail={{ ...STAGING, myRole: 'reviewer' }} />
      </AppProviders>,
    )
    expect(screen.queryByTestId('upload-actions')).toBeNull()
  })
})
