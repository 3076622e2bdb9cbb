import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { CountCheckbox } from '../../../components/count-checkbox/count-checkbox'
import type { QuantityInputProps } from './quantity-input-props'
import { formatCount } from '../model/format'
import { quantityLabel } from '../model/labels'
import { newId, rootCriterion, setRootCriterion, type ListOp, type Scalar } from '../model'

const SHOWN = 8

/**
 * A terms input: the quantity's values with entry counts, zero-hit values greyed out, and the
 * operator (any / all / none) for researchers who need it.
 */
export function TermsInput({
  quantity,
  model,
  onChange,
  catalogue,
  counts,
}: QuantityInputProps & { counts: ReadonlyMap<string, number> | undefined }) {
  const [expanded, setExpanded] = useState(false)
  const [filter, setFilter] = useState('')
  const q = catalogue.get(quantity)
  const current = rootCriterion(model, 'terms', quantity)
  const selected = current?.values ?? []
  const op = current?.op ?? 'any'
  if (!q) return null

  const values = new Map<string, number | undefined>()
  for (const v of selected) values.set(String(v), counts?.get(String(v)))
  for (const [v, n] of counts ?? []) values.set(v, n)
  for (const v of q.enumValues ?? []) if (!values.has(v)) values.set(v, counts ? 0 : undefined)
  const all = [...values.entries()].sort(
    (a, b) => (b[1] ?? -1) - (a[1] ?? -1) || a[0].localeCompare(b[0]),
  )
  const filtered =
    filter === '' ? all : all.filter(([v]) => v.toLowerCase().includes(filter.toLowerCase()))
  const isSelected = (value: string) => selected.some((s) => String(s) === value)
  // A selected value stays in view even when its count ranks it below the first rows.
  const shown =
    expanded || filter !== ''
      ? filtered
      : filtered.filter(([value], index) => index < SHOWN || isSelected(value))

  const set = (nextValues: Scalar[], nextOp: ListOp = op) =>
    onChange(
      setRootCriterion(
        model,
        'terms',
        quantity,
        nextValues.length === 0
          ? null
          : {
              kind: 'terms',
              id: current?.id ?? newId('c'),
              quantity,
              op: nextOp,
              values: nextValues,
            },
      ),
    )
  const toggle = (value: string) => {
    const typed: Scalar = q.type === 'bool' ? value === 'true' : value
    set(isSelected(value) ? selected.filter((s) => String(s) !== value) : [...selected, typed])
  }

  return (
    <Stack gap={4} data-testid={`terms-${quantity}`}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} title={`${quantity}\n${q.description}`}>
          {quantityLabel(quantity)}
        </Text>
        {selected.length > 1 || op !== 'any' ? (
          <SegmentedControl
            size="xs"
            value={op}
            onChange={(v) => set(selected, v as ListOp)}
            data={[
              { value: 'any', label: 'any' },
              ...(q.many ? [{ value: 'all', label: 'all' }] : []),
              { value: 'none', label: 'none' },
            ]}
            aria-label={`How to combine ${quantityLabel(quantity)} values`}
          />
        ) : null}
      </Group>
      {all.length > 12 && (
        <TextInput
          size="xs"
          placeholder="Filter values"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
      )}
      {shown.map(([value, count]) => {
        const checked = isSelected(value)
        return (
          <CountCheckbox
            key={value}
            label={value}
            count={count === undefined ? undefined : formatCount(count)}
            checked={checked}
            disabled={!checked && count === 0}
            onChange={() => toggle(value)}
            inputProps={{ 'data-testid': 'terms-option', 'data-value': value }}
          />
        )
      })}
      {filter === '' && (expanded ? filtered.length > SHOWN : filtered.length > shown.length) && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setExpanded(!expanded)}
          style={{ alignSelf: 'flex-start' }}
        >
          {expanded ? 'Fewer' : `All ${filtered.length} values`}
        </Button>
      )}
      {all.length === 0 && (
        <Text size="xs" c="dimmed">
          No values under the current search.
        </Text>
      )}
    </Stack>
  )
}
