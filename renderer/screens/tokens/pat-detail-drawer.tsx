import type { ReactNode } from 'react'
import { Alert, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core'
import { IconRefresh, IconTrash } from '@tabler/icons-react'
import type { PatView } from '../../../shared/ipc/channels/tokens'
import { ErrorAlert } from '../../components/error-alert'
import { useInvoke } from '../../ipc/hooks'
import { ExpiryDate, RelativeDate, StateBadge } from './token-badges'
import { hintFor } from './scope-catalogue'

/** One token as the server has it now (GET /auth/pats/{id}). */
export function PatDetailDrawer({
  patId,
  onClose,
  onRotate,
  onRevoke,
}: {
  patId: string | null
  onClose: () => void
  onRotate: (pat: PatView) => void
  onRevoke: (pat: PatView) => void
}) {
  return (
    <Drawer
      opened={patId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="Token details"
      data-testid="pat-detail"
    >
      {patId && <Detail id={patId} onRotate={onRotate} onRevoke={onRevoke} />}
    </Drawer>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={110} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  )
}

function Detail({
  id,
  onRotate,
  onRevoke,
}: {
  id: string
  onRotate: (pat: PatView) => void
  onRevoke: (pat: PatView) => void
}) {
  const detail = useInvoke('tokens.get', { id })
  if (detail.isLoading) return <Loader size="sm" />
  if (detail.error) return <ErrorAlert error={detail.error} />
  const pat = detail.data
  if (!pat) return null
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={700} size="lg" data-testid="pat-detail-name">
          {pat.name}
        </Text>
        <StateBadge state={pat.state} />
      </Group>
      {pat.description && <Text size="sm">{pat.description}</Text>}
      <Table withRowBorders={false} verticalSpacing={6}>
        <Table.Tbody>
          <Row label="Created">
            <RelativeDate iso={pat.createdAt} past />
          </Row>
          <Row label="Expires">
            {pat.state === 'revoked' ? (
              <Text size="sm">revoked</Text>
            ) : (
              <ExpiryDate iso={pat.expiresAt} />
            )}
          </Row>
          <Row label="Last used">
            <RelativeDate iso={pat.lastUsedAt} empty="never" past />
          </Row>
          {pat.replacedBy && (
            <Row label="Replaced by">
              <Text size="sm" data-testid="pat-detail-replaced-by">
                the token created <RelativeDate iso={pat.replacedBy.createdAt} past /> (rotated)
              </Text>
            </Row>
          )}
          <Row label="In this app">
            <Text size="sm" data-testid="pat-detail-stored">
              {pat.stored
                ? pat.stored.active
                  ? 'stored, used for requests'
                  : 'stored'
                : 'not stored'}
            </Text>
          </Row>
          <Row label="Server id">
            <Text size="xs" ff="monospace">
              {pat.id}
            </Text>
          </Row>
        </Table.Tbody>
      </Table>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Scopes
        </Text>
        {pat.scopes.map((scope) => (
          <Text key={scope} size="sm">
            <Text span ff="monospace" fw={500}>
              {scope}
            </Text>{' '}
            <Text span c="dimmed">
              — {hintFor(scope)}
            </Text>
          </Text>
        ))}
      </Stack>
      {pat.state !== 'active' && (
        <Alert color="gray" variant="light">
          {pat.state === 'revoked'
            ? 'This token was revoked and no longer works. Servers delete such records about a year later.'
            : 'This token has expired and no longer works. Create a new one with the same scopes if you still need it.'}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={16} />}
          disabled={pat.state !== 'active'}
          onClick={() => onRotate(pat)}
        >
          Rotate…
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={pat.state === 'revoked'}
          onClick={() => onRevoke(pat)}
        >
          Revoke…
        </Button>
      </Group>
    </Stack>
  )
}
