import { Button, Loader, Paper, Stack, Text, ThemeIcon, Title, Group } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPlus, IconServer2 } from '@tabler/icons-react'
import { useState } from 'react'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import { useServers } from '../../features/servers/use-servers'
import { ErrorAlert } from '../../components/error-alert'
import { ScreenHeader } from '../../components/screen-header'
import { useMutationInvoke } from '../../ipc/hooks'
import { RemoveServerModal } from './remove-server-modal'
import { ServerCard } from './server-card'
import { ServerFormModal } from './server-form-modal'

/** Servers: the NOMAD deployments the user works with; add, edit, select, check, remove. */
export function ServersScreen() {
  const { servers, activeId, isLoading, error } = useServers()
  const [form, setForm] = useState<{ editing: ServerProfile | null } | null>(null)
  const [removing, setRemoving] = useState<ServerProfile | null>(null)
  const select = useMutationInvoke('servers.select', {
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Could not switch server', message: e.message }),
  })
  const check = useMutationInvoke('servers.check', {
    onError: (e) => notifications.show({ color: 'red', title: 'Check failed', message: e.message }),
  })
  const userServers = servers.filter((s) => !s.builtIn)

  const openAdd = () => setForm({ editing: null })
  return (
    <Stack gap="lg" maw={960} data-testid="screen-servers">
      <ScreenHeader
        title="Servers"
        description="The NOMAD deployments you work with: the public NOMAD and any Oasis your group runs. Every other section uses the active server."
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={openAdd}
            data-testid="add-server"
            style={{ flex: 'none' }}
          >
            Add server
          </Button>
        }
      />
      {error && <ErrorAlert error={error} />}
      {isLoading && <Loader size="sm" />}
      <Stack gap="sm" data-testid="server-list">
        {servers.map((server) => (
          <ServerCard
            key={server.id}
            server={server}
            isActive={server.id === activeId}
            checking={check.isPending && check.variables.id === server.id}
            onSelect={() => select.mutate({ id: server.id })}
            onCheck={() => check.mutate({ id: server.id })}
            onEdit={() => setForm({ editing: server })}
            onRemove={() => setRemoving(server)}
          />
        ))}
      </Stack>
      {!isLoading && userServers.length === 0 && (
        <Paper
          withBorder
          p="xl"
          radius="md"
          style={{ borderStyle: 'dashed' }}
          data-testid="servers-empty"
        >
          <Group wrap="nowrap" align="flex-start" gap="lg">
            <ThemeIcon size={44} radius="md" variant="light">
              <IconServer2 size={24} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={6} style={{ flex: 1 }}>
              <Title order={2} size="h5">
                Add your own NOMAD Oasis
              </Title>
              <Text size="sm" c="dimmed">
                If your group runs a NOMAD Oasis, add its API address (it ends in /api/v1) to
                search, download and manage tokens there too. Each server keeps its own settings.
              </Text>
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={openAdd}
                  mt={4}
                >
                  Add server
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>
      )}
      <ServerFormModal
        opened={form !== null}
        editing={form?.editing ?? null}
        onClose={() => setForm(null)}
      />
      <RemoveServerModal
        server={removing}
        isActive={removing?.id === activeId}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  )
}
