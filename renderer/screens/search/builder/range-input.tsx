import { Group, Stack, Text } from '@mantine/core'
import { DeferredSelect } from '../../../components/deferred-select'
import { unitsFor } from '../../../../shared/query'
import { quantityLabel } from '../model/labels'
import {
  newId,
  preferredUnit,
  rootCriterion,
  setRootCriterion,
  type RangeCriterion,
} from '../model'
import type { QuantityInputProps } from './quantity-input-props'
import { BoundPair, NUMBER_RANGE } from './bound-pair'

/**
 * A numeric range in a unit the researcher picks (eV, meV, Ry …); toQuery converts to the SI
 * value the index stores. Changing the unit keeps the numbers as typed (they mean the new unit).
 */
export function RangeInput({ quantity, model, onChange, catalogue }: QuantityInputProps) {
  const q = catalogue.get(quantity)
  const current = rootCriterion(model, 'range', quantity)
  if (!q) return null
  const unit = current?.unit ?? preferredUnit(q.unit)
  const units = q.unit ? unitsFor(q.unit).map((u) => u.symbol) : []

  const set = (patch: Partial<Pick<RangeCriterion, 'unit' | 'lower' | 'upper'>>) => {
    const next: RangeCriterion = {
      kind: 'range',
      id: current?.id ?? newId('c'),
      quantity,
      unit,
      lower: current?.lower ?? null,
      upper: current?.upper ?? null,
      ...patch,
    }
    const empty = next.lower === null && next.upper === null
    onChange(setRootCriterion(model, 'range', quantity, empty ? null : next))
  }
  const slug = quantity.split('.').slice(-2).join('-')

  return (
    <Stack gap={4} data-testid={`range-${quantity}`}>
      <Text size="sm" fw={600} title={`${quantity}\n${q.description}`}>
        {quantityLabel(quantity)}
      </Text>
      <Group gap={6} wrap="nowrap">
        <BoundPair
          kind={NUMBER_RANGE}
          bounds={{ lower: current?.lower ?? null, upper: current?.upper ?? null }}
          name={quantityLabel(quantity)}
          testId={(end) => `range-${end}-${slug}`}
          onChange={set}
        />
        {units.length > 1 ? (
          <DeferredSelect
            size="xs"
            w={84}
            data={units}
            value={unit}
            onChange={(u) => u && set({ unit: u })}
            allowDeselect={false}
            aria-label={`${quantityLabel(quantity)} unit`}
            data-testid={`range-unit-${slug}`}
          />
        ) : unit ? (
          <Text size="xs" c="dimmed" w={40}>
            {unit}
          </Text>
        ) : null}
      </Group>
    </Stack>
  )
}
