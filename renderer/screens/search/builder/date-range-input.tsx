import { Group, Stack, Text } from '@mantine/core'
import { quantityLabel } from '../model/labels'
import { newId, rootCriterion, setRootCriterion, type DateCriterion } from '../model'
import type { QuantityInputProps } from './quantity-input-props'
import { BoundPair, DATE_RANGE } from './bound-pair'

/** A date range ("uploaded after 2020-01-01"); dates are sent as typed, times are UTC. */
export function DateRangeInput({ quantity, model, onChange, catalogue }: QuantityInputProps) {
  const q = catalogue.get(quantity)
  const current = rootCriterion(model, 'date', quantity)
  if (!q) return null
  const set = (patch: Partial<Pick<DateCriterion, 'lower' | 'upper'>>) => {
    const next: DateCriterion = {
      kind: 'date',
      id: current?.id ?? newId('c'),
      quantity,
      lower: current?.lower ?? null,
      upper: current?.upper ?? null,
      ...patch,
    }
    onChange(setRootCriterion(model, 'date', quantity, next.lower || next.upper ? next : null))
  }
  return (
    <Stack gap={4} data-testid={`date-${quantity}`}>
      <Text size="sm" fw={600} title={`${quantity}\n${q.description}`}>
        {quantityLabel(quantity)}
      </Text>
      <Group gap={6} wrap="nowrap">
        <BoundPair
          kind={DATE_RANGE}
          bounds={{ lower: current?.lower ?? null, upper: current?.upper ?? null }}
          name={quantityLabel(quantity)}
          testId={(end) => `date-${end}-${quantity}`}
          onChange={set}
        />
      </Group>
    </Stack>
  )
}
