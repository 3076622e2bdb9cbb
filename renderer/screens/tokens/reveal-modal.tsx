import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
} from '@mantine/core'
import { IconAlertTriangle, IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react'
import { useState } from 'react'
import type { AppError } from '../../../shared/errors'
import type { Reveal, StoreFailure, StoredTokenView } from '../../../shared/ipc/channels/tokens'
import { formatExact, formatRelative } from '../../components/relative-time'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { TestReportView } from './test-report'
import { VaultPassphraseForm } from './vault-passphrase-form'

export interface RevealState {
  reveal: Reveal
  /** Why this token was revealed. */
  origin: 'created' | 'rotated' | 'app-token'
  /** The vault entry already holding it (rotation of a stored token, app tokens). */
  storedName: string | null
  /** Core could not store it (vault write failed); "use this token" retries. */
  storeFailure: StoreFailure | null
}

/**
 * The one place the raw token is shown: copy it, optionally test it and use it in this app.
 * It stays open until the token was copied or the user confirms having saved it; closing it
 * tells core to forget the value.
 */
export function RevealModal({
  state,
  onClose,
}: {
  state: RevealState | null
  onClose: () => void
}) {
  const forget = useMutationInvoke('tokens.forgetRevealed')
  const close = () => {
    if (state) forget.mutate({ revealId: state.reveal.revealId })
    onClose()
  }
  return (
    <Modal
      opened={state !== null}
      onClose={close}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      title={
        state?.origin === 'rotated'
          ? 'Copy the new token'
          : state?.origin === 'app-token'
            ? 'Copy your app token'
            : 'Copy your new token'
      }
      size="lg"
      data-testid="reveal-modal"
    >
      {state && <RevealBody key={state.reveal.revealId} state={state} onDone={close} />}
    </Modal>
  )
}

function RevealBody({ state, onDone }: { state: RevealState; onDone: () => void }) {
  const { reveal } = state
  const [copied, setCopied] = useState(false)
  const [saved, setSaved] = useState(false)
  const [stored, setStored] = useState<StoredTokenView | null>(null)
  const [storeError, setStoreError] = useState<AppError | null>(null)
  // A locked vault (web mode: none yet, or after a restart) is opened right here, under the
  // token, rather than in a second dialog stacked on this one.
  const [askPassphrase, setAskPassphrase] = useState(false)
  const vault = useInvoke('vault.status', {})
  const test = useMutationInvoke('tokens.test')
  const use = useMutationInvoke('tokens.useRevealed', {
    onSuccess: (next) => {
      setAskPassphrase(false)
      setStored(next)
    },
    onError: (error) => {
      if (error.code === 'vault_locked') setAskPassphrase(true)
      else setStoreError(error)
    },
  })
  function useIt() {
    setStoreError(null)
    if (vault.data?.cipherStatus === 'locked') return setAskPassphrase(true)
    use.mutate({ revealId: reveal.revealId, activate: true })
  }
  const alreadyStored = state.storedName !== null

  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="You will not see this token again"
        data-testid="reveal-warning"
      >
        Copy it now into your password manager, notebook or CI secret. The server keeps only a
        fingerprint of it, and this app never shows it again.
        {state.origin === 'rotated' && ' The old token has stopped working.'}
      </Alert>
      <Group gap="sm" wrap="nowrap" align="stretch">
        <Code
          block
          style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 13 }}
          data-testid="reveal-token"
        >
          {reveal.rawToken}
        </Code>
        <CopyButton value={reveal.rawToken} timeout={2500}>
          {({ copied: justCopied, copy }) => (
            <Button
              variant={justCopied ? 'filled' : 'light'}
              color={justCopied ? 'teal' : 'indigo'}
              leftSection={justCopied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={() => {
                copy()
                setCopied(true)
              }}
              data-testid="reveal-copy"
            >
              {justCopied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        “{reveal.name}” ·{' '}
        {reveal.expiresAt
          ? `expires ${formatRelative(reveal.expiresAt)} (${formatExact(reveal.expiresAt)})`
          : 'does not expire'}
        {reveal.kind === 'app-token' && ' · app token (deprecated)'}
      </Text>

      {alreadyStored ? (
        <Alert color="indigo" variant="light" data-testid="reveal-stored">
          {state.origin === 'rotated'
            ? `The copy stored in this app (“${state.storedName}”) was replaced automatically.`
            : `Stored in this app as “${state.storedName}”.`}
        </Alert>
      ) : stored ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCheck size={18} />}
          data-testid="reveal-stored"
        >
          Stored in this app{stored.persisted ? ', encrypted' : ' for this session only'}, and used
          for its requests to this server.
        </Alert>
      ) : state.storeFailure && !stored ? (
        <Alert color="red" variant="light" data-testid="reveal-store-failure">
          {state.storeFailure.message}
        </Alert>
      ) : null}
      {askPassphrase && vault.data && !stored && (
        <Paper withBorder radius="md" p="md" data-testid="reveal-passphrase">
          <Text fw={600} size="sm" mb={4}>
            {vault.data.exists
              ? 'Unlock stored tokens to keep this one'
              : 'Choose a passphrase to keep tokens in this app'}
          </Text>
          <VaultPassphraseForm
            vault={vault.data}
            creating={!vault.data.exists}
            intro={
              vault.data.exists
                ? 'The passphrase you chose when you first stored a token here.'
                : 'Tokens the app keeps are encrypted with it (scrypt + AES-256-GCM). It cannot be recovered: forget it and stored tokens are lost (they still work on the server). The token above stays here until you close this dialog.'
            }
            actionLabel={vault.data.exists ? 'Unlock and store' : 'Set passphrase and store'}
            onCancel={() => setAskPassphrase(false)}
            onUnlocked={() => use.mutate({ revealId: reveal.revealId, activate: true })}
          />
        </Paper>
      )}
      {storeError && (
        <Alert color="red" variant="light" data-testid="reveal-store-error">
          {storeError.message}
        </Alert>
      )}
      {test.data && <TestReportView report={test.data} />}
      {test.error && (
        <Alert color="red" variant="light">
          {test.error.message}
        </Alert>
      )}

      <Group justify="space-between" align="center">
        <Checkbox
          label="I have saved it"
          checked={saved || copied}
          onChange={(e) => setSaved(e.currentTarget.checked)}
          data-testid="reveal-saved"
        />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={16} />}
            loading={test.isPending}
            onClick={() => test.mutate({ target: { revealId: reveal.revealId } })}
            data-testid="reveal-test"
          >
            Test it
          </Button>
          {!alreadyStored && !stored && !askPassphrase && (
            <Button
              variant="light"
              loading={use.isPending}
              onClick={useIt}
              data-testid="reveal-use"
            >
              Use this token in the app
            </Button>
          )}
          <Button disabled={!(saved || copied)} onClick={onDone} data-testid="reveal-done">
            Done
          </Button>
        </Group>
      </Group>
    </Stack>
  )
}
