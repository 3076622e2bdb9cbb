import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Collaborators } from '../../../shared/ipc/channels/groups'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { UploadCollaborators } from './upload-collaborators'

const lena = { userId: 'u-lena', name: 'Lena Hoffmann', affiliation: 'FHI', known: true }
const mei = { userId: 'u-mei', name: 'Mei Chen', affiliation: 'TUM', known: true }
const view: Collaborators = {
  uploadId: 'up1',
  uploadName: 'Thin films',
  published: false,
  mainAuthor: lena,
  coauthors: [],
  reviewers: [mei],
  coauthorGroups: [{ groupId: 'g1', name: 'Hoffmann Lab', everybody: false }],
  reviewerGroups: [],
  readOnlyReason: null,
  pending: false,
}

function renderPanel(value: Collaborators, after?: Collaborators) {
  const fake = createFakeTransport({
    'collaborators.get': () => ({ ok: true, value }),
    'collaborators.change': () => ({ ok: true, value: after ?? value }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <UploadCollaborators serverId="s1" uploadId="up1" />
    </AppProviders>,
  )
  return { fake, user: userEvent.setup({ delay: null }) }
}

describe('upload collaborators', () => {
  it('explains each role in one sentence and removes a group with one change', async () => {
    const { fake, user } = renderPanel(view, { ...view, coauthorGroups: [] })
    const coauthors = await screen.findByTestId('collaborators-coauthor')
    expect(coauthors).toHaveTextContent(
      'Coauthors may change the upload, its files and its collaborators, and are named as its authors.',
    )
    expect(screen.getByTestId('collaborators-reviewer')).toHaveTextContent(
      'Reviewers may see the upload and its unpublished entries, but cannot change anything.',
    )
    expect(within(screen.getByTestId('collaborators-reviewer')).getByText('Mei Chen')).toBeVisible()
    await user.click(within(coauthors).getByRole('button', { name: 'Remove Hoffmann Lab' }))
    expect(fake.calls.find((c) => c.channel === 'collaborators.change')?.input).toEqual({
      serverId: 's1',
      uploadId: 'up1',
      role: 'coauthor',
      kind: 'group',
      action: 'remove',
      id: 'g1',
    })
    expect(await within(coauthors).findByText('None yet.')).toBeVisible()
  })

  it('shows why someone may not change them, without controls', async () => {
    renderPanel({
      ...view,
      readOnlyReason:
        'Only the main author and the coauthors of this upload can change its collaborators.',
    })
    expect(await screen.findByText(/Only the main author and the coauthors/)).toBeVisible()
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull()
    expect(screen.queryByText('Add a collaborator')).toBeNull()
  })
})
