import { ActionIcon, Group, NumberInput, Paper, Stack, Text } from '@mantine/core'
import { DeferredSelect } from '../../components/deferred-select'
import { IconX } from '@tabler/icons-react'
import type { ArchiveShape } from '../../../shared/archive/references'
import type { ListPick, Tick } from '../../../shared/archive/required'
import { stepLabel } from '../../../shared/archive/required-ticks'
import type { RequiredBuilder } from './use-required-builder'

type PickKind = 'all' | 'index' | 'last' | 'slice'

const PICKS: { value: PickKind; label: string }[] = [
  { value: 'all', label: 'every item' },
  { value: 'index', label: 'item number' },
  { value: 'last', label: 'the last item [-1]' },
  { value: 'slice', label: 'a range [start:end]' },
]

const DIRECTIVES: { value: Tick['directive']; label: string }[] = [
  { value: '*', label: 'all below' },
  { value: 'include-resolved', label: 'all below, references resolved' },
]

function kindOf(pick: ListPick | undefined): PickKind {
  if (!pick || pick.kind === 'all') return 'all'
  if (pick.kind === 'slice') return 'slice'
  return pick.index === -1 ? 'last' : 'index'
}

function pickOf(kind: PickKind, old: ListPick | undefined): ListPick {
  if (kind === 'all') return { kind: 'all' }
  if (kind === 'last') return { kind: 'index', index: -1 }
  if (kind === 'index') return { kind: 'index', index: old?.kind === 'index' ? old.index : 0 }
  return old?.kind === 'slice' ? old : { kind: 'slice', start: 0, end: 1 }
}

/** Which steps of a tick are lists (in the loaded tree, or picked as one already). */
function listSteps(tick: Tick, shape: ArchiveShape | undefined): boolean[] {
  const at: (string | number)[] = []
  return tick.steps.map((step) => {
    at.push(step.key)
    const here = shape?.at(at)
    const isList = step.pick !== undefined || here?.t === 'list'
    if (here?.t === 'list')
      at.push(step.pick?.kind === 'index' && step.pick.index >= 0 ? step.pick.index : 0)
    return isList
  })
}

const int = (value: string | number) =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined

/** The ticks, one block each: the place, which list items it takes, and how much below. */
export function RequiredTickList({
  builder,
  shape,
}: {
  builder: RequiredBuilder
  shape: ArchiveShape | undefined
}) {
  if (builder.ticks.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="required-no-ticks">
        Tick sections and quantities in the tree: each tick asks for everything below it.
      </Text>
    )
  return (
    <Stack gap={6} data-testid="required-ticks">
      {builder.ticks.map((tick, t) => {
        const lists = listSteps(tick, shape)
        const place = tick.steps.map(stepLabel).join(' › ')
        return (
          <Paper key={place} withBorder p={6} radius="sm" data-testid="required-tick">
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="xs" ff="monospace" truncate title={place}>
                {place}
              </Text>
              <Group gap={4} wrap="nowrap">
                <DeferredSelect
                  size="xs"
                  w={210}
                  data={DIRECTIVES}
                  value={tick.directive}
                  allowDeselect={false}
                  onChange={(value) => value && builder.setDirective(t, value as Tick['directive'])}
                  aria-label={`What ${place} takes`}
                />
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove the tick on ${place}`}
                  onClick={() => builder.remove(t)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            </Group>
            {tick.steps.map((step, s) =>
              lists[s] ? (
                <Group key={s} gap={6} mt={4} wrap="nowrap" pl="sm">
                  <Text size="xs" ff="monospace" c="dimmed" w={110} truncate>
                    {step.key}
                  </Text>
                  <DeferredSelect
                    size="xs"
                    w={170}
                    data={PICKS}
                    value={kindOf(step.pick)}
                    allowDeselect={false}
                    onChange={(value) =>
                      value && builder.setPick(t, s, pickOf(value as PickKind, step.pick))
                    }
                    aria-label={`Which items of ${step.key}`}
                    data-testid="required-pick"
                  />
                  {step.pick?.kind === 'index' && step.pick.index !== -1 && (
                    <NumberInput
                      size="xs"
                      w={70}
                      value={step.pick.index}
                      allowDecimal={false}
                      onChange={(value) => {
                        const index = int(value)
                        if (index !== undefined) builder.setPick(t, s, { kind: 'index', index })
                      }}
                      aria-label={`Item of ${step.key} (negative counts from the end)`}
                    />
                  )}
                  {step.pick?.kind === 'slice' && (
                    <SliceInputs
                      name={step.key}
                      pick={step.pick}
                      onChange={(pick) => builder.setPick(t, s, pick)}
                    />
                  )}
                </Group>
              ) : null,
            )}
          </Paper>
        )
      })}
    </Stack>
  )
}

function SliceInputs({
  name,
  pick,
  onChange,
}: {
  name: string
  pick: Extract<ListPick, { kind: 'slice' }>
  onChange: (pick: ListPick) => void
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        size="xs"
        w={64}
        placeholder="start"
        value={pick.start ?? ''}
        allowDecimal={false}
        onChange={(value) => onChange({ ...pick, start: int(value) })}
        aria-label={`First item of ${name} (empty: from the start)`}
      />
      <Text size="xs">:</Text>
      <NumberInput
        size="xs"
        w={64}
        placeholder="end"
        value={pick.end ?? ''}
        allowDecimal={false}
        onChange={(value) => onChange({ ...pick, end: int(value) })}
        aria-label={`Item after the last of ${name} (empty: to the end)`}
      />
    </Group>
  )
}
