import { Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import type { QuantityCatalogue } from '../../../../shared/query'
import { addChild, removeNode, updateNode, type BuilderModel, type BuilderNode } from '../model'
import { AddMenu } from './add-menu'
import { NodeEditor, type NodeActions } from './group-editor'
import { isSectionNode } from './sections'

/**
 * Everything the sections above do not show: conditions on any quantity with any operator,
 * groups combined with AND / OR / NOT, and raw JSON pieces. All of it is AND-ed with the
 * sections.
 */
export function AdvancedSection({
  model,
  onChange,
  catalogue,
}: {
  model: BuilderModel
  onChange: (model: BuilderModel) => void
  catalogue: QuantityCatalogue
}) {
  const nodes = useMemo(() => advancedNodes(model), [model])
  const actions: NodeActions = {
    update: (id, next) => onChange(updateNode(model, id, () => next)),
    remove: (id) => onChange(removeNode(model, id)),
    add: (groupId, node) => onChange(addChild(model, groupId, node)),
  }
  return (
    <Stack gap={6} data-testid="advanced-section">
      {nodes.map((node) => (
        <NodeEditor key={node.id} node={node} catalogue={catalogue} actions={actions} depth={0} />
      ))}
      {nodes.length === 0 && (
        <Text size="xs" c="dimmed">
          Add conditions on any quantity, or groups that combine them with OR or NOT.
        </Text>
      )}
      <AddMenu catalogue={catalogue} onAdd={(n) => actions.add(model.id, n)} testId="add-root" />
    </Stack>
  )
}

/** Root nodes the sections do not edit: the second elements criterion, groups, generic rows … */
export function advancedNodes(model: BuilderModel): BuilderNode[] {
  const seen = new Set<string>()
  const firstOfKind = (node: BuilderNode) => {
    const key = `${node.kind}:${'quantity' in node ? node.quantity : ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  }
  return model.children.filter((node) => !isSectionNode(node, firstOfKind))
}
