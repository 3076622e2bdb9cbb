import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { useMutationInvoke } from '../../ipc/hooks'
import { createFakeTransport } from '../../test-support/fake-transport'
import { SignInPromptProvider } from './prompt-context'
import { createSignInPromptStore } from './prompt-store'
import { withReauth } from './reauth-client'
import { SignInModal } from './sign-in-modal'

const signedOut = {
  serverId: 'lab',
  serverName: 'Lab Oasis',
  passwordSignIn: true,
  session: null,
  ended: 'expired',
}
const signedIn = {
  ...signedOut,
  ended: null,
  session: {
    user: { userId: 'u1', username: 'lena', name: 'Lena Hoffmann', email: null },
    expiresAt: '2030-01-01T00:00:00.000Z',
    signedInAt: '2029-12-31T23:55:00.000Z',
  },
}
const STORED_LIST = { serverId: 'lab', activeId: null, items: [] }

/** A fake host whose tokens.stored needs a session until auth.signIn succeeded. */
function setup(options: { passwordSignIn?: boolean } = {}) {
  let session = false
  const fake = createFakeTransport({
    'auth.status': () => ({
      ok: true,
      value: session ? signedIn : { ...signedOut, passwordSignIn: options.passwordSignIn ?? true },
    }),
    'auth.signIn': (input) => {
      const { password } = input as { password: string }
      if (password !== 'lena-sandbox')
        return {
          ok: false,
          error: {
            code: 'invalid_input',
            message: 'Lab Oasis did not accept that username and password.',
          },
        }
      session = true
      return { ok: true, value: signedIn }
    },
    'tokens.stored': () =>
      session
        ? { ok: true, value: STORED_LIST }
        : {
            ok: false,
            error: { code: 'auth_required', message: 'Sign in to Lab Oasis to manage tokens.' },
          },
  })
  const prompt = createSignInPromptStore()
  const client = withReauth(createIpcClient(fake.transport), prompt)
  function Action() {
    const [result, setResult] = useState('')
    const stored = useMutationInvoke('tokens.stored', {
      onSuccess: (value) => setResult(`ok ${value.items.length}`),
      onError: (error) => setResult(`error ${error.code}`),
    })
    return (
      <>
        <button onClick={() => stored.mutate({})}>run</button>
        <p data-testid="result">{result}</p>
      </>
    )
  }
  render(
    <AppProviders client={client}>
      <SignInPromptProvider store={prompt}>
        <SignInModal store={prompt} />
        <Action />
      </SignInPromptProvider>
    </AppProviders>,
  )
  return { fake, user: userEvent.setup({ delay: null }) }
}

describe('re-sign-in that resumes the action', () => {
  it('asks calmly after a session ended, signs in, and runs the failed call again', async () => {
    const { fake, user } = setup()
    await user.click(screen.getByText('run'))
    expect(await screen.findByTestId('sign-in-intro')).toHaveTextContent(
      'Your session on Lab Oasis ended. Sign in again to continue',
    )
    await user.type(screen.getByTestId('sign-in-username'), 'lena')
    await user.type(screen.getByTestId('sign-in-password'), 'wrong')
    await user.click(screen.getByTestId('sign-in-submit'))
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent(
      'did not accept that username and password',
    )
    await user.type(screen.getByTestId('sign-in-password'), 'lena-sandbox')
    await user.click(screen.getByTestId('sign-in-submit'))
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('ok 0'))
    expect(fake.calls.filter((c) => c.channel === 'tokens.stored')).toHaveLength(2)
  })

  it('surfaces the original error when the user cancels', async () => {
    const { user } = setup()
    await user.click(screen.getByText('run'))
    await user.click(await screen.findByTestId('sign-in-cancel'))
    await waitFor(() =>
      expect(screen.getByTestId('result')).toHaveTextContent('error auth_required'),
    )
  })

  it('does not prompt where the server has no password sign-in', async () => {
    const { fake, user } = setup({ passwordSignIn: false })
    await user.click(screen.getByText('run'))
    await waitFor(() =>
      expect(screen.getByTestId('result')).toHaveTextContent('error auth_required'),
    )
    expect(fake.calls.filter((c) => c.channel === 'auth.signIn')).toHaveLength(0)
  })
})
