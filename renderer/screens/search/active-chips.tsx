import { Button, Group, Pill, Text } from '@mantine/core'
import { memo } from 'react'
import { countRender } from '../../components/render-count'
import { removeNode, type BuilderModel } from './model'
import { describeNode } from './model/describe'

/** The builder's top-level conditions as removable chips. */
export const ActiveChips = memo(function ActiveChips({
  model,
  onChange,
}: {
  model: BuilderModel
  onChange: (model: BuilderModel) => void
}) {
  countRender('search-chips')
  if (model.children.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="chips-empty">
        No filters: all entries you can see.
      </Text>
    )
  return (
    <Group gap={6} data-testid="active-chips">
      {model.children.map((node) => (
        <Pill
          key={node.id}
          size="md"
          withRemoveButton
          onRemove={() => onChange(removeNode(model, node.id))}
          removeButtonProps={{ 'aria-label': `Remove ${describeNode(node)}` }}
          data-testid="chip"
        >
          {describeNode(node)}
        </Pill>
      ))}
      {model.children.length > 1 && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => onChange({ ...model, children: [] })}
        >
          Clear all
        </Button>
      )}
    </Group>
  )
})
