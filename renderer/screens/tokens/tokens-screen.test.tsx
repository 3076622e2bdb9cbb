import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { SignInPromptProvider } from '../../components/sign-in/prompt-context'
import { createSignInPromptStore } from '../../components/sign-in/prompt-store'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { checkCustomScope } from './scope-picker'
import { TokensScreen } from './tokens-screen'
import { testSession, vaultStatus } from './test-fixtures'

const RAW = 'nomad_pat_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
const session = testSession
const vault = vaultStatus()
const pat = {
  id: '65f1aa0000000000000000aa',
  name: 'laptop notebook',
  description: null,
  scopes: ['entries:read', 'uploads:read', 'groups:read'],
  state: 'active',
  createdAt: '2029-12-31T23:59:00.000Z',
  expiresAt: '2030-01-30T23:59:00.000Z',
  lastUsedAt: null,
  stored: null,
  replacedBy: null,
}

// The dialogs are fetched on first open; loaded here once so that the first open does not wait on
// Vite's transform of their modules, which takes longer than findBy's wait on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('./create-token-modal'),
    import('./reveal-modal'),
    import('./pat-detail-drawer'),
  ])
})

function renderScreen(options: { signedIn: boolean; vaultStatus?: object }) {
  const fake = createFakeTransport({
    'auth.status': () => ({
      ok: true,
      value: {
        serverId: 'lab',
        serverName: 'Lab Oasis',
        passwordSignIn: true,
        session: options.signedIn ? session : null,
        ended: null,
      },
    }),
    'vault.status': () => ({ ok: true, value: options.vaultStatus ?? vault }),
    'tokens.stored': () => ({ ok: true, value: { serverId: 'lab', activeId: null, items: [] } }),
    'tokens.list': () => ({
      ok: true,
      value: { items: [], total: 0, page: 1, pageSize: 10, via: { kind: 'session', name: null } },
    }),
    'tokens.create': () => ({
      ok: true,
      value: {
        pat,
        reveal: {
          rawToken: RAW,
          revealId: 'r1',
          kind: 'pat',
          name: 'laptop notebook',
          expiresAt: pat.expiresAt,
        },
      },
    }),
    'tokens.forgetRevealed': () => ({ ok: true, value: {} }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <SignInPromptProvider store={createSignInPromptStore()}>
        <TokensScreen />
      </SignInPromptProvider>
    </AppProviders>,
  )
  return { fake, user: userEvent.setup({ delay: null }) }
}

describe('Tokens screen', () => {
  it('explains that managing tokens needs a sign-in, and does not list without one', async () => {
    const { fake } = renderScreen({ signedIn: false })
    expect(await screen.findByTestId('tokens-sign-in')).toHaveTextContent(
      'Sign in to see your tokens on Lab Oasis',
    )
    expect(fake.calls.some((c) => c.channel === 'tokens.list')).toBe(false)
  })

  it('shows the empty state, creates with least privilege preselected and reveals once', async () => {
    const { fake, user } = renderScreen({ signedIn: true })
    expect(await screen.findByTestId('pat-empty')).toHaveTextContent('No tokens yet')
    await user.click(screen.getByTestId('create-token'))
    expect(await screen.findByTestId('scope-count')).toHaveTextContent('3 chosen')
    const dialog = screen.getByTestId('create-token-modal')
    expect(within(dialog).getByTestId('scope-count')).toHaveTextContent('3 chosen')
    await user.click(within(dialog).getByTestId('create-submit'))
    expect(
      await within(dialog).findByText('Give the token a name, e.g. “laptop notebook”.'),
    ).toBeVisible()
    await user.type(within(dialog).getByTestId('create-name'), 'laptop notebook')
    await user.click(within(dialog).getByTestId('create-submit'))

    expect(await screen.findByTestId('reveal-token')).toHaveTextContent(RAW)
    const reveal = screen.getByTestId('reveal-modal')
    expect(within(reveal).getByTestId('reveal-done')).toBeDisabled()
    await user.click(within(reveal).getByTestId('reveal-saved'))
    await user.click(within(reveal).getByTestId('reveal-done'))
    await waitFor(() => expect(screen.queryByTestId('reveal-token')).toBeNull())
    const created = fake.calls.find((c) => c.channel === 'tokens.create')
    expect(created?.input).toMatchObject({
      name: 'laptop notebook',
      scopes: ['entries:read', 'uploads:read', 'groups:read'],
      expiresInDays: 30,
    })
    // Closing the reveal tells core to forget the value.
    expect(fake.calls.find((c) => c.channel === 'tokens.forgetRevealed')?.input).toEqual({
      revealId: 'r1',
    })
    // The value is gone from the page.
    expect(document.body.textContent).not.toContain(RAW)
    // Mantine's modals under jsdom are slow on a busy machine; the flow itself is short.
  }, 20_000)

  it('shows the basic_text warning with its fix and the opt-in', async () => {
    renderScreen({
      signedIn: true,
      vaultStatus: {
        ...vault,
        kind: 'os',
        cipherStatus: 'plaintext-basic',
        backend: 'basic_text',
        persistence: 'memory',
        warning: {
          kind: 'basic-text',
          message: 'No unlocked key store was found.',
          fix: 'Start it with --password-store=gnome-libsecret.',
        },
      },
    })
    const warning = await screen.findByTestId('vault-warning')
    expect(warning).toHaveTextContent('--password-store=gnome-libsecret')
    expect(within(warning).getByTestId('vault-unprotected')).not.toBeChecked()
  })
})

describe('free scope entry', () => {
  it('accepts resource:action names and explains refusals', () => {
    expect(checkCustomScope('uploads:process', [])).toBeNull()
    expect(checkCustomScope('Uploads:Read', [])).toMatch(/resource:action/)
    expect(checkCustomScope('uploads', [])).toMatch(/resource:action/)
    expect(checkCustomScope('tokens:read', [])).toMatch(/never give tokens/)
    expect(checkCustomScope('uploads:read', ['uploads:read'])).toBe(
      'uploads:read is already chosen.',
    )
  })
})
