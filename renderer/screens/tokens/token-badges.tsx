import { Badge, Group, Text } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import type { PatView, StoredTokenView } from '../../../shared/ipc/channels/tokens'
import { formatExact, formatPast, formatRelative, useNow } from '../../components/relative-time'
import { hintFor } from './scope-catalogue'

const WARN_MS = 7 * 24 * 3600 * 1000

const STATE_COLORS: Record<PatView['state'], string> = {
  active: 'teal',
  expired: 'orange',
  revoked: 'gray',
}

export function StateBadge({ state }: { state: PatView['state'] }) {
  return (
    // Never shortened: a table squeezing its columns must not turn "revoked" into "REVO…".
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      style={{ minWidth: 'max-content' }}
      styles={{ label: { overflow: 'visible' } }}
      data-testid="pat-state"
    >
      {state}
    </Badge>
  )
}

/** Scope chips; more than `max` collapse into "+N" with the rest in a tooltip. */
export function ScopeChips({ scopes, max = 3 }: { scopes: readonly string[]; max?: number }) {
  const shown = scopes.slice(0, max)
  const rest = scopes.slice(max)
  return (
    <Group gap={4} wrap="wrap" data-testid="scope-chips">
      {shown.map((scope) => (
        <LazyTooltip key={scope} label={hintFor(scope)} withArrow openDelay={300}>
          <Badge
            variant="outline"
            color="indigo"
            radius="sm"
            tt="none"
            fw={500}
            styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          >
            {scope}
          </Badge>
        </LazyTooltip>
      ))}
      {rest.length > 0 && (
        <LazyTooltip label={rest.join(', ')} withArrow multiline maw={260}>
          <Badge variant="light" color="gray" radius="sm" tt="none">
            +{rest.length}
          </Badge>
        </LazyTooltip>
      )}
    </Group>
  )
}

/** A relative date with the exact one in a tooltip. */
export function RelativeDate({
  iso,
  empty = '—',
  testId,
  past = false,
}: {
  iso: string | null
  empty?: string
  testId?: string
  /** An instant that cannot be in the future (created, last used). */
  past?: boolean
}) {
  const now = useNow()
  if (iso === null)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {empty}
      </Text>
    )
  return (
    <LazyTooltip label={formatExact(iso)} withArrow openDelay={200}>
      <Text size="sm" span data-testid={testId}>
        {past ? formatPast(iso, now) : formatRelative(iso, now)}
      </Text>
    </LazyTooltip>
  )
}

/** When the server last accepted the token (NOMAD's last_used_at), on a second, quieter line. */
export function LastUsed({ iso }: { iso: string | null }) {
  const now = useNow()
  const text = iso === null ? 'never used' : `used ${formatPast(iso, now)}`
  return (
    <LazyTooltip
      label={iso === null ? 'The server has no use of it' : formatExact(iso)}
      withArrow
      openDelay={200}
    >
      <Text size="xs" c="dimmed" data-testid="pat-last-used">
        {text}
      </Text>
    </LazyTooltip>
  )
}

/** A rotated token's pointer to the one that took its place (same name, new value). */
export function ReplacedBy({ replacement }: { replacement: { id: string; createdAt: string } }) {
  const now = useNow()
  return (
    <LazyTooltip
      label={`Rotated: the new token (id ${replacement.id}) has the same name and scopes.`}
      withArrow
      multiline
      maw={280}
    >
      <Text size="xs" c="dimmed" data-testid="pat-replaced-by">
        replaced by the token created {formatPast(replacement.createdAt, now)}
      </Text>
    </LazyTooltip>
  )
}

/** Expiry: relative, orange within 7 days, red once past; "never" when it has none. */
export function ExpiryDate({ iso }: { iso: string | null }) {
  const now = useNow()
  if (iso === null)
    return (
      <Text size="sm" c="dimmed">
        never
      </Text>
    )
  const left = Date.parse(iso) - now
  const color = left <= 0 ? 'red' : left < WARN_MS ? 'orange' : undefined
  return (
    <LazyTooltip label={formatExact(iso)} withArrow openDelay={200}>
      <Text size="sm" span c={color} fw={color ? 600 : undefined} data-testid="pat-expiry">
        {left <= 0 ? `expired ${formatRelative(iso, now)}` : formatRelative(iso, now)}
      </Text>
    </LazyTooltip>
  )
}

const CONDITION_BADGES: Record<
  StoredTokenView['condition'],
  { color: string; label: string } | null
> = {
  ok: null,
  expiring: { color: 'orange', label: 'expires soon' },
  expired: { color: 'red', label: 'expired · not used' },
  rejected: { color: 'red', label: 'refused by server · not used' },
  locked: { color: 'gray', label: 'locked' },
  damaged: { color: 'red', label: 'damaged' },
}

export function ConditionBadge({ condition }: { condition: StoredTokenView['condition'] }) {
  const badge = CONDITION_BADGES[condition]
  if (!badge) return null
  return (
    <Badge color={badge.color} variant="light" size="sm" data-testid="stored-condition">
      {badge.label}
    </Badge>
  )
}
