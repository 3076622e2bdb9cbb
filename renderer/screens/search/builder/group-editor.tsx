import { ActionIcon, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import type { QuantityCatalogue } from '../../../../shared/query'
import type { BuilderNode, Criterion, Group as GroupNode, GroupOp } from '../model'
import { AddMenu } from './add-menu'
import { CriterionEditor } from './criterion-editor'

const OP_HELP: Record<GroupOp, string> = {
  and: 'All of these must hold',
  or: 'At least one of these must hold',
  not: 'None of this may hold (NOT of all conditions together)',
}

/**
 * Removing a row or group from the keyboard would drop the focus to the page: move it first to
 * the "Condition" button of the group around it (the last one in that group, its own).
 */
function focusOwnGroup(button: HTMLElement) {
  const node = button.closest('[data-testid="criterion-row"], [data-testid="group-editor"]')
  const scope = node?.parentElement?.closest(
    '[data-testid="group-editor"], [data-testid="advanced-section"]',
  )
  const adders = scope?.querySelectorAll<HTMLElement>('[data-add-condition]')
  adders?.[adders.length - 1]?.focus()
}

export interface NodeActions {
  update: (id: string, next: BuilderNode) => void
  remove: (id: string) => void
  add: (groupId: string, node: BuilderNode) => void
}

/** A node in the Advanced tree: a criterion row, or a group with its operator and children. */
export function NodeEditor({
  node,
  catalogue,
  actions,
  depth,
}: {
  node: BuilderNode
  catalogue: QuantityCatalogue
  actions: NodeActions
  depth: number
}) {
  if (node.kind !== 'group')
    return (
      <Paper withBorder p={8} radius="sm" data-testid="criterion-row" data-kind={node.kind}>
        <Group align="flex-start" wrap="nowrap" gap={6}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <CriterionEditor
              criterion={node}
              catalogue={catalogue}
              onChange={(next: Criterion) => actions.update(node.id, next)}
            />
          </div>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            onClick={(event) => {
              focusOwnGroup(event.currentTarget)
              actions.remove(node.id)
            }}
            aria-label="Remove condition"
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      </Paper>
    )
  return <GroupEditor group={node} catalogue={catalogue} actions={actions} depth={depth} />
}

function GroupEditor({
  group,
  catalogue,
  actions,
  depth,
}: {
  group: GroupNode
  catalogue: QuantityCatalogue
  actions: NodeActions
  depth: number
}) {
  return (
    <Paper
      withBorder
      p={8}
      radius="sm"
      style={{ borderLeft: '3px solid var(--mantine-primary-color-filled)' }}
      data-testid="group-editor"
      data-op={group.op}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <SegmentedControl
              size="xs"
              value={group.op}
              onChange={(op) => actions.update(group.id, { ...group, op: op as GroupOp })}
              data={[
                { value: 'and', label: 'AND' },
                { value: 'or', label: 'OR' },
                { value: 'not', label: 'NOT' },
              ]}
              data-testid="group-op"
            />
            <Text size="xs" c="dimmed">
              {OP_HELP[group.op]}
            </Text>
          </Group>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            onClick={(event) => {
              focusOwnGroup(event.currentTarget)
              actions.remove(group.id)
            }}
            aria-label="Remove group"
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
        {group.children.map((child) => (
          <NodeEditor
            key={child.id}
            node={child}
            catalogue={catalogue}
            actions={actions}
            depth={depth + 1}
          />
        ))}
        {group.children.length === 0 && (
          <Text size="xs" c="dimmed">
            Empty groups are left out of the query.
          </Text>
        )}
        <AddMenu
          catalogue={catalogue}
          onAdd={(n) => actions.add(group.id, n)}
          testId={`add-in-${depth + 1}`}
        />
      </Stack>
    </Paper>
  )
}
