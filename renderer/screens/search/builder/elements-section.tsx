import { Button, Group, Stack, Switch, Text } from '@mantine/core'
import { useCallback } from 'react'
import { PeriodicTable, type ElementState } from '../../../components/periodic-table/periodic-table'
import {
  newId,
  rootCriterion,
  setRootCriterion,
  type BuilderModel,
  type ElementsCriterion,
} from '../model'

const NONE: string[] = []

/** The periodic table bound to the root elements criterion, with "only these elements". */
export function ElementsSection({
  model,
  onChange,
  counts,
}: {
  model: BuilderModel
  onChange: (model: BuilderModel) => void
  counts: ReadonlyMap<string, number> | undefined
}) {
  const current = rootCriterion(model, 'elements')
  const include = current?.include ?? NONE
  const exclude = current?.exclude ?? NONE
  const only = current?.only ?? false

  const set = useCallback(
    (next: Omit<ElementsCriterion, 'kind' | 'id'>) => {
      const empty = next.include.length === 0 && next.exclude.length === 0
      onChange(
        setRootCriterion(
          model,
          'elements',
          undefined,
          empty && !next.only ? null : { kind: 'elements', id: current?.id ?? newId('c'), ...next },
        ),
      )
    },
    [model, onChange, current?.id],
  )

  const state = useCallback(
    (symbol: string): ElementState =>
      include.includes(symbol) ? 'include' : exclude.includes(symbol) ? 'exclude' : null,
    [include, exclude],
  )
  const onElement = useCallback(
    (symbol: string, next: ElementState) =>
      set({
        include: next === 'include' ? [...include, symbol] : include.filter((s) => s !== symbol),
        exclude: next === 'exclude' ? [...exclude, symbol] : exclude.filter((s) => s !== symbol),
        only,
      }),
    [set, include, exclude, only],
  )

  return (
    <Stack gap="xs">
      <PeriodicTable state={state} counts={counts} onChange={onElement} includeOnly={only} />
      <Group justify="space-between" wrap="nowrap">
        <Switch
          style={{ flex: 1 }}
          size="xs"
          label="Only these elements"
          description="Materials made of exactly the selected elements, nothing else"
          checked={only}
          onChange={(e) =>
            set({
              include,
              exclude: e.currentTarget.checked ? [] : exclude,
              only: e.currentTarget.checked,
            })
          }
          data-testid="elements-only"
        />
        {(include.length > 0 || exclude.length > 0) && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => set({ include: [], exclude: [], only: false })}
          >
            Clear
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="elements-summary">
        {include.length === 0 && exclude.length === 0
          ? 'Click an element to require it, again to exclude it, a third time to clear.'
          : [
              include.length > 0 ? `${only ? 'Exactly' : 'With'} ${include.join(', ')}` : '',
              exclude.length > 0 ? `without ${exclude.join(', ')}` : '',
            ]
              .filter(Boolean)
              .join('; ')}
      </Text>
    </Stack>
  )
}
