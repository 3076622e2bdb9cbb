import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { RevealModal, type RevealState } from './reveal-modal'
import { vaultStatus } from './test-fixtures'

const RAW = 'nomad_pat_rotatedrotatedrotatedrotatedrotatedrot'
const stored = {
  id: 's1',
  name: 'notebook',
  kind: 'pat',
  scopes: ['uploads:read'],
  expiresAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastTestedAt: null,
  serverTokenId: 'p2',
  active: true,
  persisted: true,
  condition: 'ok',
  problem: null,
}

const unlockedVault = vaultStatus()

/** A rotation whose vault replacement failed in core: the token and the reason arrive together. */
const failedRotation: RevealState = {
  reveal: { rawToken: RAW, revealId: 'r9', kind: 'pat', name: 'notebook', expiresAt: null },
  origin: 'rotated',
  storedName: null,
  storeFailure: {
    code: 'internal',
    message:
      'This app could not store the new token (disk full). The stored copy “notebook” still holds the old token, which no longer works.',
  },
}

describe('reveal dialog after a vault failure', () => {
  it('shows the new token with the failure, and "use this token" stores it again', async () => {
    const fake = createFakeTransport({
      'vault.status': () => ({ ok: true, value: unlockedVault }),
      'tokens.useRevealed': () => ({ ok: true, value: stored }),
      'tokens.forgetRevealed': () => ({ ok: true, value: {} }),
    })
    render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <RevealModal state={failedRotation} onClose={() => undefined} />
      </AppProviders>,
    )
    const user = userEvent.setup({ delay: null })
    expect(await screen.findByTestId('reveal-token')).toHaveTextContent(RAW)
    const reveal = screen.getByTestId('reveal-modal')
    expect(within(reveal).getByTestId('reveal-store-failure')).toHaveTextContent(
      'still holds the old token',
    )
    // Not claimed as stored while it is not.
    expect(within(reveal).queryByTestId('reveal-stored')).toBeNull()

    await user.click(within(reveal).getByTestId('reveal-use'))
    expect(await within(reveal).findByTestId('reveal-stored')).toHaveTextContent(
      'Stored in this app, encrypted',
    )
    expect(within(reveal).queryByTestId('reveal-store-failure')).toBeNull()
    expect(fake.calls.find((c) => c.channel === 'tokens.useRevealed')?.input).toEqual({
      revealId: 'r9',
      activate: true,
    })
  }, 20_000)
})
