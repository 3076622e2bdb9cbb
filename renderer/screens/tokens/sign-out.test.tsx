import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { AccountButton } from '../../components/sign-in/account-button'
import { SignInPromptProvider } from '../../components/sign-in/prompt-context'
import { createSignInPromptStore } from '../../components/sign-in/prompt-store'
import { withReauth } from '../../components/sign-in/reauth-client'
import { SignInModal } from '../../components/sign-in/sign-in-modal'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { TokensScreen } from './tokens-screen'
import { testSession, vaultStatus } from './test-fixtures'

const session = testSession
const vault = vaultStatus()
// Mantine's modals and menus under jsdom are slow on a busy 2-core machine.
const SLOW = { timeout: 10_000 }
const needsSession = {
  ok: false as const,
  error: { code: 'auth_required' as const, message: 'Sign in to Lab Oasis to see your tokens.' },
}

/** The app's wiring (re-sign-in client, prompt, header account menu) around the Tokens screen. */
function renderSignedIn() {
  let signedIn = true
  const status = () => ({
    serverId: 'lab',
    serverName: 'Lab Oasis',
    passwordSignIn: true,
    session: signedIn ? session : null,
    // Core reports null after a deliberate sign-out: nothing "ended" by itself.
    ended: null,
  })
  const fake = createFakeTransport({
    'auth.status': () => ({ ok: true, value: status() }),
    'auth.signOut': () => {
      signedIn = false
      // Core announces the change before it answers, as electron/core/auth does.
      fake.emit('auth.changed', status())
      return { ok: true, value: status() }
    },
    'vault.status': () => ({ ok: true, value: vault }),
    'tokens.stored': () => ({ ok: true, value: { serverId: 'lab', activeId: null, items: [] } }),
    'tokens.list': () =>
      signedIn
        ? {
            ok: true,
            value: {
              items: [],
              total: 0,
              page: 1,
              pageSize: 10,
              via: { kind: 'session', name: null },
            },
          }
        : needsSession,
  })
  const prompt = createSignInPromptStore()
  const client = withReauth(createIpcClient(fake.transport), prompt)
  render(
    <AppProviders client={client}>
      <SignInPromptProvider store={prompt}>
        <SignInModal store={prompt} />
        <AccountButton />
        <TokensScreen />
      </SignInPromptProvider>
    </AppProviders>,
  )
  return { fake, user: userEvent.setup({ delay: null }) }
}

describe('signing out on the Tokens screen', () => {
  it('shows the sign-in card and does not ask to sign in again', async () => {
    const { fake, user } = renderSignedIn()
    expect(await screen.findByTestId('pat-empty', {}, SLOW)).toBeVisible()
    await user.click(screen.getByTestId('account-button'))
    await user.click(await screen.findByTestId('account-sign-out', {}, SLOW))
    expect(await screen.findByTestId('tokens-sign-in', {}, SLOW)).toBeVisible()
    // The list was asked again after the sign-out and was refused; that refusal is expected.
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'tokens.list').length).toBeGreaterThan(1),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('sign-in-intro')).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
  }, 20_000)

  it('still asks when the user chooses to sign in after signing out', async () => {
    const { user } = renderSignedIn()
    expect(await screen.findByTestId('pat-empty', {}, SLOW)).toBeVisible()
    await user.click(screen.getByTestId('account-button'))
    await user.click(await screen.findByTestId('account-sign-out', {}, SLOW))
    await user.click(await screen.findByTestId('tokens-sign-in-button', {}, SLOW))
    expect(await screen.findByTestId('sign-in-intro', {}, SLOW)).toHaveTextContent(
      'Signing in lets the app',
    )
  }, 20_000)
})
