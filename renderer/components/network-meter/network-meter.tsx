import { Box, Group, Popover, Stack, Table, Text, UnstyledButton } from '@mantine/core'
import { LazyPopover } from '../lazy-popups'
import type { NetworkMeter as Meter } from '../../../shared/ipc/channels/net'
import { compactLabel, formatRate, stateSentence, toneOf, type MeterTone } from './meter-format'
import { Sparkline } from './sparkline'
import { useNetworkMeter, useNow } from './use-network-meter'

const DOT: Record<MeterTone, string> = {
  idle: 'var(--mantine-color-gray-5)',
  normal: 'var(--mantine-color-teal-6)',
  'backing-off': 'var(--mantine-color-orange-6)',
}

const STATE_TITLE: Record<MeterTone, string> = {
  idle: 'Idle',
  normal: 'Normal',
  'backing-off': 'Backing off',
}

function StateDot({ tone }: { tone: MeterTone }) {
  return (
    <Box
      component="span"
      data-testid="meter-dot"
      data-state={tone}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: DOT[tone],
      }}
    />
  )
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Table.Tr>
      <Table.Td c="dimmed" pl={0} py={3}>
        {label}
      </Table.Td>
      <Table.Td
        ta="right"
        pr={0}
        py={3}
        fw={500}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {value}
      </Table.Td>
    </Table.Tr>
  )
}

function Details({ meter, now }: { meter: Meter | null | undefined; now: number }) {
  const tone = toneOf(meter)
  return (
    <Stack gap="sm" data-testid="meter-popover">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap">
          <StateDot tone={tone} />
          <Text fw={600} size="sm" data-testid="meter-state">
            {STATE_TITLE[tone]}
          </Text>
        </Group>
        {meter && (
          <Text size="xs" c="dimmed" ff="monospace" truncate="end" maw={160}>
            {hostOf(meter.origin)}
          </Text>
        )}
      </Group>
      <Text size="xs" data-testid="meter-explanation">
        {stateSentence(meter, now)}
      </Text>
      {meter && (
        <>
          <Table fz="xs" withRowBorders={false} verticalSpacing={0}>
            <Table.Tbody>
              <Row
                label="Completed"
                value={`${formatRate(meter.completedPerSecond)} req/s`}
                testId="meter-completed"
              />
              <Row
                label="Pace allowed"
                value={`${formatRate(meter.ratePerSecond)} req/s`}
                testId="meter-rate"
              />
              <Row
                label="Learned limit"
                value={
                  meter.learnedRate === null
                    ? 'not reached'
                    : `${formatRate(meter.learnedRate)} req/s`
                }
                testId="meter-learned"
              />
              <Row
                label="Connections"
                value={`${meter.inFlight} of ${meter.concurrencyLimit}`}
                testId="meter-connections"
              />
              <Row
                label="Waiting, on screen"
                value={String(meter.queued.interactive)}
                testId="meter-queued-interactive"
              />
              <Row
                label="Waiting, background"
                value={String(meter.queued.background)}
                testId="meter-queued-background"
              />
              <Row
                label="Refused (503), last 60 s"
                value={String(meter.throttlesLastMinute)}
                testId="meter-refusals"
              />
            </Table.Tbody>
          </Table>
          <Box>
            <Text size="xs" c="dimmed" mb={4}>
              Completed per second, refusals in red
            </Text>
            <Sparkline history={meter.history} />
            <Group justify="space-between" mt={2}>
              <Text size="10px" c="dimmed">
                60 s ago
              </Text>
              <Text size="10px" c="dimmed">
                now
              </Text>
            </Group>
          </Box>
        </>
      )}
    </Stack>
  )
}

/**
 * The status bar's network meter for one server: a dot (normal / backing off / idle) with
 * requests per second and in flight; clicking opens the details with a 60-second sparkline.
 */
export function NetworkMeter({ serverId }: { serverId: string | undefined }) {
  const meter = useNetworkMeter(serverId)
  const tone = toneOf(meter)
  const now = useNow(tone === 'backing-off')
  if (!serverId) return null
  return (
    <LazyPopover
      width={300}
      position="top-end"
      withArrow
      shadow="md"
      offset={6}
      target={
        <UnstyledButton
          data-testid="network-meter"
          data-state={tone}
          aria-label={`Network: ${STATE_TITLE[tone]}, ${compactLabel(meter, now)}. Show details.`}
          px={6}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group gap={6} wrap="nowrap">
            <StateDot tone={tone} />
            <Text
              size="xs"
              c={tone === 'backing-off' ? 'orange.7' : 'dimmed'}
              data-testid="network-meter-label"
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            >
              {compactLabel(meter, now)}
            </Text>
          </Group>
        </UnstyledButton>
      }
    >
      <Popover.Dropdown>
        <Details meter={meter} now={now} />
      </Popover.Dropdown>
    </LazyPopover>
  )
}
