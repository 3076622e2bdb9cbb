import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'
import type { AppError } from '../../../shared/errors'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { ExpiryDate } from './token-badges'

const PRESETS: { value: string; label: string; seconds: number }[] = [
  { value: '3600', label: '1 hour', seconds: 3600 },
  { value: '86400', label: '1 day', seconds: 86_400 },
  { value: '604800', label: '7 days', seconds: 604_800 },
  { value: '2592000', label: '30 days', seconds: 2_592_000 },
]

/**
 * App tokens (GET /auth/app_token): the deprecated kind, kept for old scripts. Requested with
 * the session, stored in the vault with their expiry, revealed once.
 */
export function AppTokensSection({
  onRequested,
  onNeedsUnlock,
}: {
  onRequested: (result: ChannelOutput<'tokens.appToken'>) => void
  onNeedsUnlock: (retry: () => void) => void
}) {
  const [name, setName] = useState('legacy script')
  const [preset, setPreset] = useState('86400')
  const [seconds, setSeconds] = useState<number | string>(86_400)
  const [error, setError] = useState<AppError | null>(null)
  const request = useMutationInvoke('tokens.appToken', {
    // The reply holds the raw token: hand it to the reveal dialog and keep no other copy.
    gcTime: 0,
    onSuccess: (result) => {
      request.reset()
      onRequested(result)
    },
    onError: (e) => {
      if (e.code === 'vault_locked') onNeedsUnlock(submit)
      else setError(e)
    },
  })
  function submit() {
    setError(null)
    request.mutate({ name: name.trim(), expiresInSeconds: Number(seconds) })
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="app-tokens">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={650}>App tokens</Text>
          <Badge color="orange" variant="light" data-testid="app-tokens-deprecated">
            Deprecated
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          The older kind: unnamed on the server and unscoped (they can do everything you can, except
          manage tokens), and they cannot be revoked — they work until they expire. Prefer a
          personal access token with only the scopes a script needs.
        </Text>
        <TextInput
          size="xs"
          label="Name in this app"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="app-token-name"
        />
        <Stack gap={4}>
          <Text size="xs" fw={500}>
            Valid for
          </Text>
          <SegmentedControl
            size="xs"
            fullWidth
            data={PRESETS.map(({ value, label }) => ({ value, label }))}
            value={preset}
            onChange={(value) => {
              setPreset(value)
              setSeconds(Number(value))
            }}
          />
          <NumberInput
            size="xs"
            min={1}
            allowDecimal={false}
            thousandSeparator=" "
            suffix=" s"
            value={seconds}
            onChange={(value) => {
              setSeconds(value)
              setPreset(String(value))
            }}
            aria-label="Seconds"
            data-testid="app-token-seconds"
          />
        </Stack>
        <StoredAppTokens />
        {error && (
          <Alert color="red" variant="light" data-testid="app-token-error">
            {error.message}
          </Alert>
        )}
        <Button
          size="xs"
          variant="light"
          color="orange"
          loading={request.isPending}
          disabled={name.trim() === '' || !(Number(seconds) >= 1)}
          onClick={submit}
          data-testid="app-token-request"
        >
          Request app token
        </Button>
      </Stack>
    </Paper>
  )
}

/** The app tokens this app holds for the active server (they cannot be listed from the server). */
function StoredAppTokens() {
  const stored = useInvoke('tokens.stored', {})
  const appTokens = stored.data?.items.filter((item) => item.kind === 'app-token') ?? []
  if (appTokens.length === 0) return null
  return (
    <Stack gap={4} data-testid="app-token-list">
      <Text size="xs" fw={500}>
        Held by this app
      </Text>
      {appTokens.map((token) => (
        <Group key={token.id} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" truncate>
            {token.name}
          </Text>
          <ExpiryDate iso={token.expiresAt} />
        </Group>
      ))}
    </Stack>
  )
}
