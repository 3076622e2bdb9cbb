import { Checkbox, Code, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core'
import { DeferredSelect } from '../../../components/deferred-select'
import { unitsFor, type QuantityCatalogue } from '../../../../shared/query'
import { CHEMICAL_SYMBOLS } from '../../../../shared/query/elements'
import type { Criterion } from '../model'
import { quantityLabel } from '../model/labels'
import { BoundPair, DATE_RANGE, NUMBER_RANGE } from './bound-pair'
import { GenericCriterionEditor, LIST_OPS } from './generic-criterion'
import { typedValue } from './new-criterion'
import { SuggestedTagsInput } from './suggested-values'

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
            <DeferredSelect
              size="xs"
              w={100}
              value={c.op}
              allowDeselect={false}
              data={c.kind === 'author' ? LIST_OPS.slice(0, 2) : LIST_OPS}
              onChange={(op) => op && onChange({ ...c, op: op as never })}
            />
          </Group>
          {c.kind === 'terms' ? (
            <SuggestedTagsInput
              quantity={c.quantity}
              op={c.op}
              catalogue={catalogue}
              value={values}
              placeholder="values (Enter after each)"
              onChange={(next) =>
                onChange({ ...c, values: next.map((v) => typedValue(v, q?.type)) })
              }
            />
          ) : (
            <TagsInput
              size="xs"
              value={values}
              placeholder="names (Enter after each)"
              onChange={(names) => onChange({ ...c, names })}
            />
          )}
        </Stack>
      )
    }
    case 'range':
    case 'date': {
      const q = catalogue.get(c.quantity)
      const units = c.kind === 'range' && q?.unit ? unitsFor(q.unit).map((u) => u.symbol) : []
      const testId = (end: string) => `adv-${end}-${c.id}`
      return (
        <Stack gap={4}>
          <Text size="xs" fw={600} title={c.quantity}>
            {quantityLabel(c.quantity)}
          </Text>
          <Group gap={6} wrap="nowrap">
            {c.kind === 'range' ? (
              <BoundPair
                kind={NUMBER_RANGE}
                bounds={c}
                testId={testId}
                onChange={(patch) => onChange({ ...c, ...patch })}
              />
            ) : (
              <BoundPair
                kind={DATE_RANGE}
                bounds={c}
                testId={testId}
                onChange={(patch) => onChange({ ...c, ...patch })}
              />
            )}
            {c.kind === 'range' && units.length > 1 && (
              <DeferredSelect
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
    case 'generic':
      return <GenericCriterionEditor criterion={c} catalogue={catalogue} onChange={onChange} />
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
