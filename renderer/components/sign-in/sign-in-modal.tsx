import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconLock } from '@tabler/icons-react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { AuthStatus } from '../../../shared/ipc/channels/auth'
import { useMutationInvoke } from '../../ipc/hooks'
import type { SignInPromptStore, SignInRequest } from './prompt-store'
import { useAuthStatus } from './use-auth-status'
import { MountWhenOpened } from '../on-demand/mount-when-opened'

function intro(request: SignInRequest, status: AuthStatus | undefined) {
  const server = status?.serverName ?? 'this server'
  if (request.reason === null)
    return {
      title: `Sign in to ${server}`,
      text: `Signing in lets the app manage your tokens and read your own data on ${server}. Your password is sent only to ${server}; the app keeps the session in memory and never stores your password.`,
    }
  if (status?.ended)
    return {
      title: 'Sign in again',
      text: `Your session on ${server} ended. Sign in again to continue; the app then finishes what you were doing.`,
    }
  return {
    title: `Sign in to ${server}`,
    text: `${request.reason.message} After signing in, the app finishes what you were doing.`,
  }
}

/**
 * The app's one sign-in dialog: opened by the user (header) or by a call that needed a session
 * (re-sign-in). Resolves the waiting request with true after sign-in, false on cancel.
 */
export function SignInModal({ store }: { store: SignInPromptStore }) {
  const request = useSyncExternalStore(store.subscribe, store.current)
  const status = useAuthStatus()
  const opened = request !== null
  useEffect(() => {
    // A server without password sign-in: nothing to ask, the caller shows its own error.
    if (opened && status.data?.passwordSignIn === false) store.settle(false)
  }, [opened, status.data?.passwordSignIn, store])
  const text = request ? intro(request, status.data) : null
  return (
    <MountWhenOpened opened={opened}>
      {(opened) => (
        <Modal
          opened={opened}
          onClose={() => store.settle(false)}
          title={text?.title}
          size="md"
          centered
          data-testid="sign-in-modal"
        >
          {request && text && (
            <SignInForm
              intro={text.text}
              defaultUsername={status.data?.session?.user.username ?? ''}
              onCancel={() => store.settle(false)}
              onDone={() => store.settle(true)}
            />
          )}
        </Modal>
      )}
    </MountWhenOpened>
  )
}

function SignInForm({
  intro: introText,
  defaultUsername,
  onCancel,
  onDone,
}: {
  intro: string
  defaultUsername: string
  onCancel: () => void
  onDone: () => void
}) {
  const [username, setUsername] = useState(defaultUsername)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const signIn = useMutationInvoke('auth.signIn', {
    onSuccess: (status) => {
      const who = status.session?.user
      notifications.show({
        color: 'teal',
        title: `Signed in to ${status.serverName}`,
        message: who ? `as ${who.name ?? who.username}` : '',
      })
      onDone()
    },
    onError: (e) => {
      setError(e.message)
      setPassword('')
    },
  })
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (username.trim() === '') return setError('Enter your username or e-mail address.')
        if (password === '') return setError('Enter your password.')
        setError(null)
        signIn.mutate({ username, password })
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" data-testid="sign-in-intro">
          {introText}
        </Text>
        <TextInput
          label="Username or e-mail"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          data-autofocus={defaultUsername === '' ? true : undefined}
          data-testid="sign-in-username"
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-autofocus={defaultUsername === '' ? undefined : true}
          data-testid="sign-in-password"
        />
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconLock size={18} />}
            data-testid="sign-in-error"
          >
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="sign-in-cancel">
            Cancel
          </Button>
          <Button type="submit" loading={signIn.isPending} data-testid="sign-in-submit">
            Sign in
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
