import {
  ActionIcon,
  NumberInput,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  Stack,
  Text,
} from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { notifications } from '@mantine/notifications'
import { IconClipboardText, IconLock, IconPlugConnected, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import type { StoredTokenView, TestReport } from '../../../shared/ipc/channels/tokens'
import type { VaultStatus } from '../../../shared/ipc/channels/vault'
import { ErrorAlert } from '../../components/error-alert'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { TestReportView } from './test-report'
import { ConditionBadge, ExpiryDate } from './token-badges'

const NONE = '__none__'

const testedId = (input: { target: { storedId: string } | { revealId: string } } | undefined) =>
  input && 'storedId' in input.target ? input.target.storedId : undefined

function protectionText(vault: VaultStatus | undefined): string {
  if (!vault) return ''
  if (vault.persistence === 'memory') return 'Kept in memory for this session only.'
  if (vault.persistence === 'locked')
    return vault.exists
      ? 'Encrypted with your passphrase; locked.'
      : 'Encrypted with a passphrase, once you set one.'
  if (vault.kind === 'passphrase') return 'Encrypted with your passphrase (scrypt + AES-256-GCM).'
  if (vault.cipherStatus === 'plaintext-basic') return 'Stored without protection (basic_text).'
  return 'Encrypted by your operating system’s key store.'
}

/**
 * "Stored in this app": the vault's entries for the active server, which one the app uses for
 * its requests (or none: the sign-in session), test and remove. Values never appear here.
 */
export function StoredPanel({
  vault,
  onPaste,
}: {
  vault: VaultStatus | undefined
  onPaste: () => void
}) {
  const stored = useInvoke('tokens.stored', {})
  const [tested, setTested] = useState<{ token: StoredTokenView; report: TestReport } | null>(null)
  const [removing, setRemoving] = useState<StoredTokenView | null>(null)
  const setActive = useMutationInvoke('tokens.setActive', {
    onError: (e) => notifications.show({ color: 'red', title: 'Not changed', message: e.message }),
  })
  const test = useMutationInvoke('tokens.test', {
    onError: (e) => notifications.show({ color: 'red', title: 'Test failed', message: e.message }),
  })
  const remove = useMutationInvoke('tokens.removeStored', { onSuccess: () => setRemoving(null) })
  const lock = useMutationInvoke('vault.lock')
  const items = stored.data?.items ?? []

  return (
    <Paper withBorder radius="md" p="md" data-testid="stored-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={650} style={{ whiteSpace: 'nowrap' }}>
            Stored in this app
          </Text>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconClipboardText size={14} />}
            onClick={onPaste}
            data-testid="paste-open"
          >
            Paste a token
          </Button>
        </Group>
        <Text size="xs" c="dimmed" data-testid="stored-protection">
          {protectionText(vault)} The app uses the selected token for its own requests; values are
          never shown again.
        </Text>
        {stored.error && <ErrorAlert error={stored.error} />}
        <Radio.Group
          value={stored.data?.activeId ?? NONE}
          onChange={(value) => setActive.mutate({ id: value === NONE ? null : value })}
        >
          <Stack gap="xs">
            <Radio value={NONE} label="None — use my sign-in session" data-testid="stored-none" />
            {items.map((token) => (
              <StoredRow
                key={token.id}
                token={token}
                testing={test.isPending && testedId(test.variables) === token.id}
                onTest={() =>
                  test.mutate(
                    { target: { storedId: token.id } },
                    { onSuccess: (report) => setTested({ token, report }) },
                  )
                }
                onRemove={() => setRemoving(token)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {items.length === 0 && stored.data && (
          <Text size="sm" c="dimmed" data-testid="stored-empty">
            No tokens stored yet. Choose “Use this token in the app” after creating one, or paste
            one you already have.
          </Text>
        )}
        <ReminderSetting />
        {vault?.kind === 'passphrase' && vault.cipherStatus === 'unlocked' && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconLock size={14} />}
              onClick={() => lock.mutate({})}
              data-testid="vault-lock"
            >
              Lock stored tokens
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={tested !== null}
        onClose={() => setTested(null)}
        title={tested ? `Test of “${tested.token.name}”` : ''}
        size="lg"
        data-testid="stored-test-modal"
      >
        {tested && <TestReportView report={tested.report} />}
      </Modal>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? `Remove “${removing.name}” from this app?` : ''}
        data-testid="stored-remove-modal"
      >
        <Stack gap="md">
          <Text size="sm">
            The app forgets its copy. The token itself keeps working on the server until it expires
            or you revoke it.
          </Text>
          {remove.error && <Alert color="red">{remove.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate({ id: removing.id })}
              data-testid="stored-remove-confirm"
            >
              Remove from app
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}

function StoredRow({
  token,
  testing,
  onTest,
  onRemove,
}: {
  token: StoredTokenView
  testing: boolean
  onTest: () => void
  onRemove: () => void
}) {
  const unusable = ['expired', 'rejected', 'damaged'].includes(token.condition)
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="stored-row" data-stored-id={token.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Radio
            value={token.id}
            disabled={unusable}
            label={
              <Text size="sm" fw={600} truncate maw={170}>
                {token.name}
              </Text>
            }
            data-testid="stored-radio"
          />
          <Group gap={4} pl={28}>
            {token.kind === 'app-token' ? (
              <Badge size="sm" color="gray" variant="outline">
                app token · deprecated
              </Badge>
            ) : (
              <Badge size="sm" color="indigo" variant="outline">
                PAT
              </Badge>
            )}
            {!token.persisted && (
              <LazyTooltip label="Not written to disk: forgotten when the app quits">
                <Badge size="sm" color="yellow" variant="light">
                  this session
                </Badge>
              </LazyTooltip>
            )}
            <ConditionBadge condition={token.condition} />
          </Group>
          <Group gap={4} pl={28}>
            <Text size="xs" c="dimmed">
              expires
            </Text>
            <ExpiryDate iso={token.expiresAt} />
          </Group>
          {token.problem && (
            <Text size="xs" c="red" pl={28}>
              {token.problem}
            </Text>
          )}
        </Stack>
        <Group gap={2} wrap="nowrap">
          <LazyTooltip label="Test this token">
            <ActionIcon
              variant="subtle"
              loading={testing}
              onClick={onTest}
              aria-label={`Test ${token.name}`}
              data-testid="stored-test"
            >
              <IconPlugConnected size={16} />
            </ActionIcon>
          </LazyTooltip>
          <LazyTooltip label="Remove from this app">
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={`Remove ${token.name} from this app`}
              data-testid="stored-remove"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </LazyTooltip>
        </Group>
      </Group>
    </Paper>
  )
}

/** How many days before expiry the app reminds about a stored token (OS notification / banner). */
function ReminderSetting() {
  const reminders = useInvoke('tokens.reminders', {})
  const save = useMutationInvoke('tokens.setReminderDays', {
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: e.message }),
  })
  const days = reminders.data?.reminderDays
  if (days === undefined) return null
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        Remind me
      </Text>
      <NumberInput
        size="xs"
        w={64}
        min={0}
        max={90}
        allowDecimal={false}
        defaultValue={days}
        key={days}
        onBlur={(e) => {
          const next = Number(e.currentTarget.value)
          if (Number.isInteger(next) && next >= 0 && next <= 90 && next !== days)
            save.mutate({ days: next })
        }}
        aria-label="Days before expiry"
        data-testid="reminder-days"
      />
      <Text size="xs" c="dimmed">
        days before a stored token expires
      </Text>
    </Group>
  )
}
