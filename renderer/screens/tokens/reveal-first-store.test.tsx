import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { RevealModal, type RevealState } from './reveal-modal'
import { vaultStatus } from './test-fixtures'

const RAW = 'nomad_pat_firstfirstfirstfirstfirstfirstfirstfirst'
const PASSPHRASE = 'correct horse battery'
const lockedVault = vaultStatus({ cipherStatus: 'locked', persistence: 'locked', exists: false })
const created: RevealState = {
  reveal: { rawToken: RAW, revealId: 'r1', kind: 'pat', name: 'notebook', expiresAt: null },
  origin: 'created',
  storedName: null,
  storeFailure: null,
}

/** Web mode before any token was stored: no vault yet, so storing needs a new passphrase. */
function renderFirstStore() {
  let unlocked = false
  const fake = createFakeTransport({
    'vault.status': () => ({
      ok: true,
      value: unlocked
        ? { ...lockedVault, cipherStatus: 'unlocked', persistence: 'disk', exists: true }
        : lockedVault,
    }),
    'vault.unlock': (input) => {
      unlocked = (input as { passphrase: string }).passphrase === PASSPHRASE
      return { ok: true, value: { ...lockedVault, cipherStatus: 'unlocked', exists: true } }
    },
    'tokens.useRevealed': () =>
      unlocked
        ? {
            ok: true,
            value: {
              id: 's1',
              name: 'notebook',
              kind: 'pat',
              scopes: ['uploads:read'],
              expiresAt: null,
              createdAt: '2030-01-01T00:00:00.000Z',
              lastTestedAt: null,
              serverTokenId: 'p1',
              active: true,
              persisted: true,
              condition: 'ok',
              problem: null,
            },
          }
        : {
            ok: false,
            error: { code: 'vault_locked' as const, message: 'The token vault is locked.' },
          },
    'tokens.forgetRevealed': () => ({ ok: true, value: {} }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <RevealModal state={created} onClose={() => undefined} />
    </AppProviders>,
  )
  return { fake, user: userEvent.setup({ delay: null }) }
}

describe('storing a first token in web mode', () => {
  it('asks for the new passphrase inside the reveal, which stays visible, and says why', async () => {
    const { fake, user } = renderFirstStore()
    const reveal = await screen.findByTestId('reveal-modal')
    await user.click(within(reveal).getByTestId('reveal-use'))

    // One dialog: the passphrase is asked in the reveal itself, next to the token.
    const form = await within(reveal).findByTestId('reveal-passphrase')
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    expect(within(reveal).getByTestId('reveal-token')).toHaveTextContent(RAW)
    expect(form).toHaveTextContent('never stored')
    expect(form).toHaveTextContent('NOMAD_VAULT_PASSPHRASE')

    await user.type(within(form).getByTestId('unlock-passphrase'), PASSPHRASE)
    await user.type(within(form).getByTestId('unlock-repeat'), 'something else')
    await user.click(within(form).getByTestId('unlock-submit'))
    expect(await within(form).findByTestId('unlock-error')).toHaveTextContent(
      'The two passphrases differ.',
    )
    expect(fake.calls.some((c) => c.channel === 'vault.unlock')).toBe(false)

    await user.clear(within(form).getByTestId('unlock-repeat'))
    await user.type(within(form).getByTestId('unlock-repeat'), PASSPHRASE)
    await user.click(within(form).getByTestId('unlock-submit'))
    expect(await within(reveal).findByTestId('reveal-stored')).toHaveTextContent(
      'Stored in this app, encrypted',
    )
    await waitFor(() => expect(within(reveal).queryByTestId('reveal-passphrase')).toBeNull())
    expect(within(reveal).getByTestId('reveal-token')).toHaveTextContent(RAW)
    expect(fake.calls.find((c) => c.channel === 'vault.unlock')?.input).toEqual({
      passphrase: PASSPHRASE,
    })
  }, 20_000)
})
