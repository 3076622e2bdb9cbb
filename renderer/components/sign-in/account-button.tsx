import { ServerNeededTooltip, useServerNeeded } from '../server-needed'
import { Avatar, Button, Menu, Stack, Text } from '@mantine/core'
import { LazyMenu } from '../lazy-popups'
import { notifications } from '@mantine/notifications'
import { IconLogin, IconLogout } from '@tabler/icons-react'
import { useMutationInvoke } from '../../ipc/hooks'
import { formatRelative, useNow } from '../relative-time'
import { useSignInPrompt } from './prompt-context'
import { useAuthStatus } from './use-auth-status'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase()
}

/** Header: who is signed in on the active server, with sign-in and sign-out. */
export function AccountButton() {
  const prompt = useSignInPrompt()
  const status = useAuthStatus()
  const now = useNow(30_000)
  const signOut = useMutationInvoke('auth.signOut', {
    onSuccess: (s) =>
      notifications.show({
        title: 'Signed out',
        message: `The session on ${s.serverName} was forgotten.`,
      }),
  })
  const session = status.data?.session
  const needed = useServerNeeded()
  if (!status.data) return null
  if (!session)
    return (
      <ServerNeededTooltip reason={needed}>
        <Button
          variant="subtle"
          leftSection={<IconLogin size={16} />}
          disabled={needed !== undefined}
          onClick={() => void prompt.request(null)}
          data-testid="account-sign-in"
        >
          Sign in
        </Button>
      </ServerNeededTooltip>
    )
  const display = session.user.name ?? session.user.username
  return (
    <LazyMenu
      position="bottom-end"
      width={280}
      shadow="md"
      withinPortal
      target={
        <Button
          variant="subtle"
          color="gray"
          px={6}
          leftSection={
            <Avatar size={26} radius="xl" color="indigo">
              {initials(display)}
            </Avatar>
          }
          data-testid="account-button"
        >
          <Text size="sm" fw={500} data-testid="account-name">
            {session.user.username}
          </Text>
        </Button>
      }
    >
      <Menu.Dropdown>
        <Menu.Label>Signed in to {status.data.serverName}</Menu.Label>
        <Stack gap={2} px="sm" pb="xs">
          <Text size="sm" fw={600}>
            {display}
          </Text>
          {session.user.email && (
            <Text size="xs" c="dimmed">
              {session.user.email}
            </Text>
          )}
          <Text size="xs" c="dimmed" data-testid="account-expiry">
            Session ends {formatRelative(session.expiresAt, now)}
          </Text>
        </Stack>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={() => signOut.mutate({})}
          data-testid="account-sign-out"
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </LazyMenu>
  )
}
