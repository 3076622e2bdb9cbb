import { Group, Stack, Text } from '@mantine/core'
import { DeferredSelect } from '../../../components/deferred-select'
import type { QuantityCatalogue } from '../../../../shared/query'
import type { GenericCriterion, GenericOp, ListOp } from '../model'
import { BoundField, parseNumber, parseText } from './bound-field'
import { typedValue } from './new-criterion'
import { QuantitySelect } from './quantity-select'
import { SuggestedTagsInput, SuggestedTextInput } from './suggested-values'

export const LIST_OPS: { value: ListOp; label: string }[] = [
  { value: 'any', label: 'any of' },
  { value: 'all', label: 'all of' },
  { value: 'none', label: 'none of' },
]
const GENERIC_OPS: { value: GenericOp; label: string }[] = [
  { value: 'equals', label: 'equals' },
  ...LIST_OPS,
  { value: 'range', label: 'in range' },
]

/**
 * The row for any quantity with an operator. Values of enum and string quantities come with
 * suggestions and counts under the current query (see useValueSuggestions); typing anything
 * else is always allowed.
 */
export function GenericCriterionEditor({
  criterion: c,
  catalogue,
  onChange,
}: {
  criterion: GenericCriterion
  catalogue: QuantityCatalogue
  onChange: (next: GenericCriterion) => void
}) {
  const q = catalogue.get(c.quantity)
  const numeric = q?.type === 'int' || q?.type === 'float'
  return (
    <Stack gap={4} data-testid="generic-row">
      <Group gap={6} wrap="nowrap">
        <QuantitySelect
          catalogue={catalogue}
          value={c.quantity || null}
          onChange={(quantity) => onChange({ ...c, quantity })}
          testId="generic-quantity"
        />
        <DeferredSelect
          size="xs"
          w={100}
          value={c.op}
          allowDeselect={false}
          data={GENERIC_OPS}
          onChange={(op) => op && onChange({ ...c, op: op as GenericOp })}
          data-testid="generic-op"
        />
      </Group>
      {c.op === 'equals' && (
        <SuggestedTextInput
          quantity={c.quantity}
          op={c.op}
          catalogue={catalogue}
          placeholder="value"
          value={c.values[0] === undefined ? '' : String(c.values[0])}
          testId="generic-value"
          onChange={(text) =>
            onChange({ ...c, values: text === '' ? [] : [typedValue(text, q?.type)] })
          }
        />
      )}
      {(c.op === 'any' || c.op === 'all' || c.op === 'none') && (
        <SuggestedTagsInput
          quantity={c.quantity}
          op={c.op}
          catalogue={catalogue}
          placeholder="values (Enter after each)"
          value={c.values.map(String)}
          testId="generic-values"
          onChange={(next) => onChange({ ...c, values: next.map((v) => typedValue(v, q?.type)) })}
        />
      )}
      {c.op === 'range' && (
        <Group gap={6} wrap="nowrap">
          <BoundField
            label="lower bound"
            op={c.lower?.op ?? 'gte'}
            value={c.lower ? String(c.lower.value) : ''}
            placeholder="from"
            parse={numeric ? parseNumber : parseText}
            testId={`generic-min-${c.id}`}
            onChange={(op, v) =>
              onChange({
                ...c,
                lower:
                  v === null ? null : { op: op as 'gt' | 'gte', value: typedValue(v, q?.type) },
              })
            }
          />
          <BoundField
            label="upper bound"
            op={c.upper?.op ?? 'lte'}
            value={c.upper ? String(c.upper.value) : ''}
            placeholder="to"
            parse={numeric ? parseNumber : parseText}
            testId={`generic-max-${c.id}`}
            onChange={(op, v) =>
              onChange({
                ...c,
                upper:
                  v === null ? null : { op: op as 'lt' | 'lte', value: typedValue(v, q?.type) },
              })
            }
          />
        </Group>
      )}
      {q?.unit && (
        <Text size="xs" c="dimmed">
          Values in {q.unit} (SI), as stored.
        </Text>
      )}
    </Stack>
  )
}
