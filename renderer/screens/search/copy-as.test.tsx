import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StoredTokenView } from '../../../shared/ipc/channels/tokens'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { CopyAsMenu } from './copy-as'
import { appCredential } from './state/use-app-credential'

const SESSION = {
  user: { userId: 'u1', username: 'lena', name: null, email: null },
  expiresAt: '2030-01-01T00:00:00.000Z',
  signedInAt: '2029-12-31T23:55:00.000Z',
}

function token(condition: StoredTokenView['condition'], active = true): StoredTokenView {
  return {
    id: 't1',
    name: 'lab notebook',
    kind: 'pat',
    scopes: ['entries:read'],
    expiresAt: null,
    createdAt: '2029-01-01T00:00:00.000Z',
    lastTestedAt: null,
    serverTokenId: null,
    active,
    persisted: true,
    condition,
    problem: null,
  }
}

const list = (items: StoredTokenView[]) => ({
  serverId: 'lab',
  activeId: items.find((t) => t.active)?.id ?? null,
  items,
})
const auth = (signedIn: boolean) => ({
  serverId: 'lab',
  serverName: 'Lab Oasis',
  passwordSignIn: true,
  session: signedIn ? SESSION : null,
  ended: null,
})

describe('appCredential (what core attaches to the app’s requests)', () => {
  it('is the active stored token when usable, else the session, else none', () => {
    expect(appCredential(list([token('ok')]), auth(false))).toEqual({
      via: 'your stored token “lab notebook”',
    })
    expect(appCredential(list([token('expiring')]), auth(false))).not.toBeNull()
    for (const unusable of ['expired', 'rejected', 'locked', 'damaged'] as const)
      expect(appCredential(list([token(unusable)]), auth(false))).toBeNull()
    expect(appCredential(list([token('ok', false)]), auth(false))).toBeNull()
    expect(appCredential(list([token('expired')]), auth(true))).toEqual({
      via: 'your signed-in session',
    })
    expect(appCredential(undefined, undefined)).toBeNull()
  })
})

describe('CopyAsMenu', () => {
  it('writes the token placeholder, never a value, when the app sends a token for a public search', async () => {
    let stored = list([])
    const fake = createFakeTransport({
      'tokens.stored': () => ({ ok: true, value: stored }),
      'auth.status': () => ({ ok: true, value: auth(false) }),
    })
    render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <CopyAsMenu
          serverId="lab"
          baseUrl="https://lab.example/api/v1"
          owner="public"
          query={{ 'results.material.elements': { all: ['Ti'] } }}
          columns={[]}
          orderBy={null}
          order="asc"
          pageSize={10}
        />
      </AppProviders>,
    )
    const user = userEvent.setup()
    await user.click(screen.getByTestId('copy-as'))
    await user.click(await screen.findByTestId('copy-as-curl'))
    const code = await screen.findByTestId('copy-as-code')
    await waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('tokens.stored'))
    // Public owner, nothing stored, not signed in: an anonymous request, like the app's.
    expect(code.textContent).not.toContain('Authorization')
    expect(screen.getByTestId('copy-as-note')).toHaveTextContent('carries none')

    // A token is made active for this server (the Tokens screen, another window …).
    stored = list([token('ok')])
    act(() => fake.emit('tokens.changed', { serverId: 'lab' }))
    await waitFor(() =>
      expect(screen.getByTestId('copy-as-code').textContent).toContain(
        'Authorization: Bearer $NOMAD_TOKEN',
      ),
    )
    expect(screen.getByTestId('copy-as-note')).toHaveTextContent(
      'The app sends your stored token “lab notebook” with this search',
    )
    expect(screen.getByTestId('copy-as-code').textContent).not.toMatch(/Bearer [^$]/)
  })
})
