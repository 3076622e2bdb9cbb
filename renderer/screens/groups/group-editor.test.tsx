import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { GroupView, Person } from '../../../shared/ipc/channels/groups'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { GroupEditor } from './group-editor'

const person = (userId: string, name: string, affiliation: string | null = null): Person => ({
  userId,
  name,
  affiliation,
  known: true,
})
const lena = person('u-lena', 'Lena Hoffmann', 'Fritz Haber Institute')
const omar = person('u-omar', 'Omar Haddad', 'Humboldt-Universität zu Berlin')
const mei = person('u-mei', 'Mei Chen')
const sofia = person('u-sofia', 'Sofia Rossi', 'Fritz Haber Institute')
const paul = person('u-paul', 'Paul Novak')

const group: GroupView = {
  groupId: 'g1',
  name: 'Thin Films',
  owner: lena,
  members: [omar, mei],
  role: 'owner',
  readOnlyReason: null,
}

function renderEditor(handlers: Parameters<typeof createFakeTransport>[0], edit?: GroupView) {
  const fake = createFakeTransport(handlers)
  const saved: GroupView[] = []
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <GroupEditor
        serverId="s1"
        {...(edit ? { group: edit } : {})}
        owner={lena}
        onClose={() => undefined}
        onSaved={(g) => saved.push(g)}
      />
    </AppProviders>,
  )
  return { fake, saved, user: userEvent.setup({ delay: null }) }
}

describe('group name rule', () => {
  it('shows the rule, says what is wrong while typing and only then allows creating', async () => {
    const { user } = renderEditor({})
    const editor = await screen.findByTestId('group-editor')
    expect(editor).toHaveTextContent('3–32 characters: letters, digits, spaces')
    const input = within(editor).getByLabelText('Group name')
    const save = within(editor).getByTestId('group-save')
    await user.type(input, 'ab')
    expect(editor).toHaveTextContent('Too short: 2 of at least 3 characters.')
    expect(save).toBeDisabled()
    await user.type(input, '!')
    expect(editor).toHaveTextContent('Not allowed: “!”')
    await user.clear(input)
    await user.type(input, 'Lab 1.')
    expect(editor).toHaveTextContent('Start and end the name with a letter or digit.')
    await user.type(input, 'x')
    expect(editor).not.toHaveTextContent('Start and end the name')
    expect(save).toBeEnabled()
    expect(editor).toHaveTextContent('7/32')
  })
})

describe('change preview', () => {
  it('lists the rename, the additions and the removals before saving, and sends the whole list', async () => {
    const { user, fake, saved } = renderEditor(
      {
        'users.search': () => ({ ok: true, value: { users: [sofia, omar] } }),
        'groups.save': () => ({
          ok: true,
          value: { outcome: 'saved', group: { ...group, name: 'Thin Films 2' } },
        }),
      },
      group,
    )
    const editor = await screen.findByTestId('group-editor')
    expect(within(editor).getByTestId('change-preview-none')).toBeInTheDocument()
    await user.click(within(editor).getByRole('button', { name: 'Remove Omar Haddad' }))
    await user.type(within(editor).getByLabelText('Group name'), ' 2')
    await user.type(within(editor).getByLabelText('Add a member'), 'So')
    // Omar was removed, so he is offered again; Sofia is new.
    const option = await screen.findByText('Sofia Rossi', {}, { timeout: 3000 })
    await user.click(option)
    const preview = within(editor).getByTestId('change-preview')
    expect(within(preview).getByTestId('change-preview-rename')).toHaveTextContent(
      'rename the group from “Thin Films” to “Thin Films 2”',
    )
    expect(within(preview).getByTestId('change-preview-added')).toHaveTextContent('add Sofia Rossi')
    expect(within(preview).getByTestId('change-preview-removed')).toHaveTextContent(
      'remove Omar Haddad',
    )
    await user.click(within(editor).getByTestId('group-save'))
    const call = fake.calls.find((c) => c.channel === 'groups.save')
    expect(call?.input).toEqual({
      serverId: 's1',
      groupId: 'g1',
      base: { name: 'Thin Films', members: ['u-omar', 'u-mei'] },
      name: 'Thin Films 2',
      members: ['u-mei', 'u-sofia'],
    })
    await screen.findByTestId('group-editor')
    expect(saved.map((g) => g.name)).toEqual(['Thin Films 2'])
  })

  it('shows what someone else changed meanwhile and merges it with the edit', async () => {
    const current: GroupView = { ...group, members: [omar, mei, paul] }
    const { user, fake } = renderEditor(
      { 'groups.save': () => ({ ok: true, value: { outcome: 'conflict', current } }) },
      group,
    )
    const editor = await screen.findByTestId('group-editor')
    await user.click(within(editor).getByRole('button', { name: 'Remove Mei Chen' }))
    await user.click(within(editor).getByTestId('group-save'))
    const conflict = await within(editor).findByTestId('group-conflict')
    expect(within(conflict).getByTestId('conflict-theirs-added')).toHaveTextContent(
      'add Paul Novak',
    )
    expect(within(editor).getByTestId('group-save')).toBeDisabled()
    await user.click(within(conflict).getByTestId('group-merge'))
    // Now measured against their version: only the user's own removal is left to save.
    const preview = within(editor).getByTestId('change-preview')
    expect(within(preview).getByTestId('change-preview-removed')).toHaveTextContent(
      'remove Mei Chen',
    )
    expect(within(preview).queryByTestId('change-preview-added')).toBeNull()
    expect(
      within(editor)
        .getAllByTestId('editor-member')
        .map((m) => m.textContent),
    ).toEqual([expect.stringContaining('Omar Haddad'), expect.stringContaining('Paul Novak')])
    expect(fake.calls.filter((c) => c.channel === 'groups.save')).toHaveLength(1)
  })
})
