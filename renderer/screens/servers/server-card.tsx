import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { IconLock, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react'
import type { ServerStatus } from '../../../shared/ipc/models/server-profile'
import type { ServerWithStatus } from '../../features/servers/use-servers'
import { ConnectionDot, describeStatus } from '../../components/connection-state'
import { TruncatedText } from '../../components/truncated-text'

function statusLine(status: ServerStatus | undefined): string {
  const parts = [describeStatus(status)]
  if (status?.checkedAt)
    parts.push(
      `checked at ${new Date(status.checkedAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`,
    )
  return parts.join(' · ')
}

/** An icon button whose tooltip is also its accessible name. */
function CardAction({
  label,
  icon: Icon,
  color = 'gray',
  loading,
  onClick,
  testId,
}: {
  label: string
  icon: typeof IconRefresh
  color?: string
  loading?: boolean
  onClick: () => void
  testId: string
}) {
  return (
    <LazyTooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        loading={loading}
        onClick={onClick}
        data-testid={testId}
      >
        <Icon size={18} />
      </ActionIcon>
    </LazyTooltip>
  )
}

/** One server profile: state, address, note and its actions. */
export function ServerCard({
  server,
  isActive,
  onSelect,
  onCheck,
  onEdit,
  onRemove,
  checking,
}: {
  server: ServerWithStatus
  isActive: boolean
  onSelect: () => void
  onCheck: () => void
  onEdit: () => void
  onRemove: () => void
  checking: boolean
}) {
  const builtInReason = 'Built in: can be used and checked, but not edited or removed.'
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="server-card"
      data-server-id={server.id}
      data-active={isActive}
      style={isActive ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ConnectionDot status={server.status} withTooltip />
            <TruncatedText fw={600} size="md" data-testid="server-name">
              {server.name}
            </TruncatedText>
            {isActive && (
              <Badge size="sm" variant="filled" style={{ flex: 'none' }} data-testid="active-badge">
                Active
              </Badge>
            )}
            {server.builtIn && (
              <Badge size="sm" variant="light" color="gray" style={{ flex: 'none' }}>
                Built-in
              </Badge>
            )}
            {server.kind === 'sandbox' && (
              <Badge size="sm" variant="light" color="grape" style={{ flex: 'none' }}>
                Sandbox
              </Badge>
            )}
          </Group>
          <TruncatedText size="sm" ff="monospace" c="dimmed" data-testid="server-url">
            {server.baseUrl}
          </TruncatedText>
          {server.note && (
            <Text size="sm" lineClamp={2} data-testid="server-note">
              {server.note}
            </Text>
          )}
          <Text
            size="xs"
            c={server.status?.state === 'error' ? 'red' : 'dimmed'}
            data-testid="server-status"
          >
            {statusLine(server.status)}
            {server.status?.message ? ` — ${server.status.message}` : ''}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {!isActive && (
            <Button size="xs" variant="light" onClick={onSelect} data-testid="select-server">
              Use this server
            </Button>
          )}
          <CardAction
            label="Check the connection now"
            icon={IconRefresh}
            loading={checking}
            onClick={onCheck}
            testId="check-server"
          />
          {server.builtIn ? (
            <LazyTooltip label={builtInReason} withArrow multiline maw={260}>
              <ThemeIcon
                variant="transparent"
                color="gray"
                size={28}
                role="img"
                aria-label={builtInReason}
                data-testid="builtin-lock"
              >
                <IconLock size={18} />
              </ThemeIcon>
            </LazyTooltip>
          ) : (
            <>
              <CardAction label="Edit" icon={IconPencil} onClick={onEdit} testId="edit-server" />
              <CardAction
                label="Remove"
                icon={IconTrash}
                color="red"
                onClick={onRemove}
                testId="remove-server-button"
              />
            </>
          )}
        </Group>
      </Group>
    </Paper>
  )
}
