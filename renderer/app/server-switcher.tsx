import { Box, Button, Menu, Stack, Text } from '@mantine/core'
import { LazyMenu } from '../components/lazy-popups'
import { notifications } from '@mantine/notifications'
import { IconCheck, IconChevronDown, IconSettings } from '@tabler/icons-react'
import { ConnectionDot, describeStatus } from '../components/connection-state'
import { TruncatedText } from '../components/truncated-text'
import { useMutationInvoke } from '../ipc/hooks'
import type { SectionId } from './sections'
import { WorkOfflineSwitch } from '../features/offline/work-offline-switch'
import { useServers } from '../features/servers/use-servers'

/** Header menu to switch the active server, with each server's connection state. */
export function ServerSwitcher({ navigate }: { navigate: (id: SectionId) => void }) {
  const { servers, active } = useServers()
  const select = useMutationInvoke('servers.select', {
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not switch server',
        message: error.message,
      }),
  })
  return (
    <LazyMenu
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
      target={
        <Button
          variant="default"
          rightSection={<IconChevronDown size={14} />}
          leftSection={<ConnectionDot status={active?.status} />}
          maw={300}
          data-testid="server-switcher"
          styles={{ label: { overflow: 'hidden' } }}
        >
          <TruncatedText size="sm" fw={500} data-testid="server-switcher-name">
            {active?.name ?? 'Loading servers…'}
          </TruncatedText>
        </Button>
      }
    >
      <Menu.Dropdown data-testid="server-switcher-menu">
        <Menu.Label>Active server</Menu.Label>
        {servers.map((server) => (
          <Menu.Item
            key={server.id}
            data-testid="server-switcher-item"
            leftSection={<ConnectionDot status={server.status} />}
            rightSection={server.id === active?.id ? <IconCheck size={16} /> : null}
            onClick={() => {
              if (server.id !== active?.id) select.mutate({ id: server.id })
            }}
          >
            <Stack gap={2}>
              <TruncatedText size="sm" fw={server.id === active?.id ? 600 : 400} maw={240}>
                {server.name}
              </TruncatedText>
              <Text size="xs" c="dimmed">
                {describeStatus(server.status)}
              </Text>
            </Stack>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Box px="sm" py={6}>
          <WorkOfflineSwitch size="xs" />
        </Box>
        <Menu.Divider />
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('servers')}>
          Manage servers…
        </Menu.Item>
      </Menu.Dropdown>
    </LazyMenu>
  )
}
