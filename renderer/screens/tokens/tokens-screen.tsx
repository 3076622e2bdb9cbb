import { ServerNeededTooltip, useServerNeeded } from '../../components/server-needed'
import {
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconClipboardText, IconKey, IconLogin, IconPlus } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { AppError } from '../../../shared/errors'
import type { PatView } from '../../../shared/ipc/channels/tokens'
import { MountWhenOpened } from '../../components/on-demand/mount-when-opened'
import { onDemand } from '../../components/on-demand/on-demand'
import { ScreenHeader } from '../../components/screen-header'
import { useSignInPrompt } from '../../components/sign-in/prompt-context'
import { useAuthStatus } from '../../components/sign-in/use-auth-status'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { AppTokensSection } from './app-tokens-section'
import { RevokeModal, RotateModal } from './confirm-modals'
import { PasteTokenModal } from './paste-token-modal'
import { PatList } from './pat-list'
import type { RevealState } from './reveal-modal'
import { StoredPanel } from './stored-panel'
import { useTokenLiveUpdates } from './use-token-data'
import { UnlockModal, VaultBanner } from './vault-banner'

// The token dialogs (scope picker, expiry inputs, reveal) are fetched when first opened.
const CreateTokenModal = onDemand(() => import('./create-token-modal'), 'CreateTokenModal')
const RevealModal = onDemand(() => import('./reveal-modal'), 'RevealModal')
const PatDetailDrawer = onDemand(() => import('./pat-detail-drawer'), 'PatDetailDrawer')

const MANAGE_NEEDS_SIGN_IN =
  'Creating a token needs your signed-in session: NOMAD never lets a token create tokens.'

/**
 * Tokens: the server's personal access tokens (list, details, create, rotate, revoke), the
 * tokens this app stores and uses, and deprecated app tokens.
 */
export function TokensScreen() {
  useTokenLiveUpdates()
  const prompt = useSignInPrompt()
  const needed = useServerNeeded()
  const auth = useAuthStatus()
  const vault = useInvoke('vault.status', {})
  const stored = useInvoke('tokens.stored', {})
  const [creating, setCreating] = useState(false)
  const [pasting, setPasting] = useState(false)
  const [reveal, setReveal] = useState<RevealState | null>(null)
  const [detailId, setDetailId] = useState<string | null>(null)
  const [revoking, setRevoking] = useState<PatView | null>(null)
  const [rotating, setRotating] = useState<PatView | null>(null)
  const [unlocking, setUnlocking] = useState(false)
  const retryAfterUnlock = useRef<(() => void) | null>(null)

  const revoke = useMutationInvoke('tokens.revoke', {
    onSuccess: ({ pat, removedStored }) => {
      setRevoking(null)
      notifications.show({
        color: 'teal',
        title: `Revoked “${pat.name}”`,
        message: removedStored
          ? 'It no longer works anywhere, and this app removed its copy.'
          : 'It no longer works anywhere.',
      })
    },
  })
  const rotate = useMutationInvoke('tokens.rotate', {
    // The reply holds the new raw token: hand it to the reveal dialog and keep no other copy.
    gcTime: 0,
    onSuccess: ({ reveal: next, replacedStored, storeFailure }) => {
      rotate.reset()
      setRotating(null)
      setDetailId(null)
      setReveal({ reveal: next, origin: 'rotated', storedName: replacedStored, storeFailure })
    },
  })

  const needsUnlock = (retry: () => void) => {
    retryAfterUnlock.current = retry
    setUnlocking(true)
  }
  const openCreate = async () => {
    if (!auth.data?.session) {
      const signedIn = await prompt.request(new AppError('auth_required', MANAGE_NEEDS_SIGN_IN))
      if (!signedIn) return
    }
    setCreating(true)
  }
  const activeStored = stored.data?.items.find((item) => item.active)
  const canList =
    auth.data?.session != null ||
    (activeStored !== undefined && ['ok', 'expiring'].includes(activeStored.condition))

  return (
    <Stack gap="lg" data-testid="screen-tokens">
      <ScreenHeader
        title="Tokens"
        description="Personal access tokens let your scripts, notebooks and CI jobs use NOMAD as you, with only the permissions you choose and an expiry date."
        actions={
          <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
            <Button
              variant="default"
              leftSection={<IconClipboardText size={16} />}
              onClick={() => setPasting(true)}
              data-testid="paste-token"
            >
              Paste a token
            </Button>
            <ServerNeededTooltip reason={needed}>
              <Button
                leftSection={<IconPlus size={16} />}
                disabled={needed !== undefined}
                onClick={() => void openCreate()}
                data-testid="create-token"
              >
                Create token
              </Button>
            </ServerNeededTooltip>
          </Group>
        }
      />
      {vault.data && <VaultBanner vault={vault.data} onUnlock={() => setUnlocking(true)} />}
      {/* The list gets the full width up to very wide windows; the side cards go below it. */}
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          {!auth.data || !stored.data ? (
            <Group justify="center" p="xl">
              <Loader size="sm" />
            </Group>
          ) : canList ? (
            <PatList
              actions={{
                onDetails: (pat) => setDetailId(pat.id),
                onRotate: (pat) => {
                  rotate.reset()
                  setRotating(pat)
                },
                onRevoke: (pat) => {
                  revoke.reset()
                  setRevoking(pat)
                },
                onCreate: () => void openCreate(),
              }}
            />
          ) : (
            <SignInCard
              serverName={auth.data.serverName}
              onSignIn={() => void prompt.request(null)}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 1 }} spacing="lg">
            <StoredPanel vault={vault.data} onPaste={() => setPasting(true)} />
            <AppTokensSection
              onRequested={({ stored: entry, reveal: next, storeFailure }) =>
                setReveal({
                  reveal: next,
                  origin: 'app-token',
                  storedName: entry?.name ?? null,
                  storeFailure,
                })
              }
              onNeedsUnlock={needsUnlock}
            />
          </SimpleGrid>
        </Grid.Col>
      </Grid>

      <MountWhenOpened opened={creating}>
        <CreateTokenModal
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={({ reveal: next }) => {
            setCreating(false)
            setReveal({ reveal: next, origin: 'created', storedName: null, storeFailure: null })
          }}
        />
      </MountWhenOpened>
      <MountWhenOpened opened={reveal !== null}>
        <RevealModal state={reveal} onClose={() => setReveal(null)} />
      </MountWhenOpened>
      {/* Eager: it opens the unlock dialog over itself, which must stay above it. */}
      <PasteTokenModal
        opened={pasting}
        onClose={() => setPasting(false)}
        onNeedsUnlock={needsUnlock}
      />
      <MountWhenOpened opened={detailId !== null}>
        <PatDetailDrawer
          patId={detailId}
          onClose={() => setDetailId(null)}
          onRotate={(pat) => {
            rotate.reset()
            setRotating(pat)
          }}
          onRevoke={(pat) => {
            revoke.reset()
            setRevoking(pat)
          }}
        />
      </MountWhenOpened>
      <RevokeModal
        key={revoking?.id ?? 'none'}
        pat={revoking}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
      <RotateModal
        pat={rotating}
        pending={rotate.isPending}
        error={rotate.error}
        onConfirm={() => rotating && rotate.mutate({ id: rotating.id })}
        onClose={() => setRotating(null)}
      />
      <UnlockModal
        vault={vault.data}
        opened={unlocking}
        onClose={() => {
          retryAfterUnlock.current = null
          setUnlocking(false)
        }}
        onUnlocked={() => {
          setUnlocking(false)
          const retry = retryAfterUnlock.current
          retryAfterUnlock.current = null
          retry?.()
        }}
      />
    </Stack>
  )
}

function SignInCard({ serverName, onSignIn }: { serverName: string; onSignIn: () => void }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      style={{ borderStyle: 'dashed' }}
      data-testid="tokens-sign-in"
    >
      <Group wrap="nowrap" align="flex-start" gap="lg">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconKey size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1 }}>
          <Title order={2} size="h5">
            Sign in to see your tokens on {serverName}
          </Title>
          <Text size="sm" c="dimmed">
            Listing, creating, revoking and rotating tokens needs your signed-in session: NOMAD
            never lets a personal access token manage tokens. The app keeps the session in memory
            only and never stores your password.
          </Text>
          <Group>
            <Button
              variant="light"
              leftSection={<IconLogin size={16} />}
              onClick={onSignIn}
              mt={4}
              data-testid="tokens-sign-in-button"
            >
              Sign in
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  )
}
