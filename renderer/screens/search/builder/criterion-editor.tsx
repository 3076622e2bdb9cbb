import { Checkbox, Code, Group, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core'
import { unitsFor, type QuantityCatalogue } from '../../../../shared/query'
import { CHEMICAL_SYMBOLS } from '../../../../shared/query/elements'
import type { Criterion, GenericOp, ListOp } from '../model'
import { quantityLabel } from '../model/labels'
import { BoundField, parseNumber, parseText } from './bound-field'
import { QuantitySelect } from './quantity-select'
import { typedValue } from './new-criterion'

const LIST_OPS: { value: ListOp; label: string }[] = [
  { value: 'any', label: 'any of' },
  { value: 'all', label: 'all of' },
  { value: 'none', label: 'none of' },
]
const GENERIC_OPS: { value: GenericOp; label: string }[] = [
  { value: 'equals', label: 'equals' },
  ...LIST_OPS,
  { value: 'range', label: 'in range' },
]
const SYMBOLS = CHEMICAL_SYMBOLS.filter((s) => s !== 'X')

/** A compact editor for one criterion inside a group (Advanced). */
export function CriterionEditor({
  criterion: c,
  catalogue,
  onChange,
}: {
  criterion: Criterion
  catalogue: QuantityCatalogue
  onChange: (next: Criterion) => void
}) {
  switch (c.kind) {
    case 'elements':
      return (
        <Stack gap={4}>
          <Text size="xs" fw={600}>
            Elements
          </Text>
          <TagsInput
            size="xs"
            data={SYMBOLS}
            value={c.include}
            placeholder="required"
            onChange={(include) => onChange({ ...c, include })}
          />
          {!c.only && (
            <TagsInput
              size="xs"
              data={SYMBOLS}
              value={c.exclude}
              placeholder="excluded"
              onChange={(exclude) => onChange({ ...c, exclude })}
            />
          )}
          <Checkbox
            size="xs"
            radius="xs"
            label="Only these elements"
            checked={c.only}
            onChange={(e) => onChange({ ...c, only: e.currentTarget.checked })}
          />
        </Stack>
      )
    case 'terms':
    case 'author': {
      const values = c.kind === 'terms' ? c.values.map(String) : c.names
      const q = catalogue.get(c.quantity)
      return (
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" fw={600} title={c.quantity}>
              {quantityLabel(c.quantity)}
            </Text>
            <Select
              size="xs"
              w={100}
              value={c.op}
              allowDeselect={false}
              data={c.kind === 'author' ? LIST_OPS.slice(0, 2) : LIST_OPS}
              onChange={(op) => op && onChange({ ...c, op: op as never })}
            />
          </Group>
          <TagsInput
            size="xs"
            data={q?.enumValues ? [...q.enumValues] : []}
            value={values}
            placeholder="values (Enter after each)"
            onChange={(next) =>
              onChange(
                c.kind === 'terms'
                  ? { ...c, values: next.map((v) => typedValue(v, q?.type)) }
                  : { ...c, names: next },
              )
            }
          />
        </Stack>
      )
    }
    case 'range': {
      const q = catalogue.get(c.quantity)
      const units = q?.unit ? unitsFor(q.unit).map((u) => u.symbol) : []
      return (
        <Stack gap={4}>
          <Text size="xs" fw={600} title={c.quantity}>
            {quantityLabel(c.quantity)}
          </Text>
          <Group gap={6} wrap="nowrap">
            <BoundField
              label="lower bound"
              op={c.lower?.op ?? 'gte'}
              value={c.lower ? String(c.lower.value) : ''}
              placeholder="min"
              parse={parseNumber}
              testId={`adv-min-${c.id}`}
              onChange={(op, v) =>
                onChange({
                  ...c,
                  lower: v === null ? null : { op: op as 'gt' | 'gte', value: Number(v) },
                })
              }
            />
            <BoundField
              label="upper bound"
              op={c.upper?.op ?? 'lte'}
              value={c.upper ? String(c.upper.value) : ''}
              placeholder="max"
              parse={parseNumber}
              testId={`adv-max-${c.id}`}
              onChange={(op, v) =>
                onChange({
                  ...c,
                  upper: v === null ? null : { op: op as 'lt' | 'lte', value: Number(v) },
                })
              }
            />
            {units.length > 1 && (
              <Select
                size="xs"
                w={80}
                data={units}
                value={c.unit}
                allowDeselect={false}
                onChange={(u) => u && onChange({ ...c, unit: u })}
                aria-label="unit"
              />
            )}
          </Group>
        </Stack>
      )
    }
    case 'date':
      return (
        <Stack gap={4}>
          <Text size="xs" fw={600} title={c.quantity}>
            {quantityLabel(c.quantity)}
          </Text>
          <Group gap={6} wrap="nowrap">
            <BoundField
              type="date"
              label="from"
              op={c.lower?.op ?? 'gte'}
              value={c.lower?.value ?? ''}
              placeholder="from"
              parse={parseText}
              testId={`adv-from-${c.id}`}
              onChange={(op, v) =>
                onChange({ ...c, lower: v === null ? null : { op: op as 'gt' | 'gte', value: v } })
              }
            />
            <BoundField
              type="date"
              label="until"
              op={c.upper?.op ?? 'lte'}
              value={c.upper?.value ?? ''}
              placeholder="until"
              parse={parseText}
              testId={`adv-until-${c.id}`}
              onChange={(op, v) =>
                onChange({ ...c, upper: v === null ? null : { op: op as 'lt' | 'lte', value: v } })
              }
            />
          </Group>
        </Stack>
      )
    case 'generic': {
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
            <Select
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
            <TextInput
              size="xs"
              placeholder="value"
              value={c.values[0] === undefined ? '' : String(c.values[0])}
              data-testid="generic-value"
              onChange={(e) =>
                onChange({
                  ...c,
                  values:
                    e.currentTarget.value === ''
                      ? []
                      : [typedValue(e.currentTarget.value, q?.type)],
                })
              }
            />
          )}
          {(c.op === 'any' || c.op === 'all' || c.op === 'none') && (
            <TagsInput
              size="xs"
              placeholder="values (Enter after each)"
              data={q?.enumValues ? [...q.enumValues] : []}
              value={c.values.map(String)}
              onChange={(next) =>
                onChange({ ...c, values: next.map((v) => typedValue(v, q?.type)) })
              }
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
    case 'optimade':
      return (
        <TextInput
          size="xs"
          label="OPTIMADE filter"
          value={c.filter}
          onChange={(e) => onChange({ ...c, filter: e.currentTarget.value })}
        />
      )
    case 'raw':
      return (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Kept as written (edit it in the JSON view):
          </Text>
          <Code block style={{ fontSize: 11, maxHeight: 120, overflow: 'auto' }}>
            {JSON.stringify(c.query, null, 1)}
          </Code>
        </Stack>
      )
  }
}
