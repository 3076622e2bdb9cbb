import { Center, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core'
import { IconFileDescription, IconSearch } from '@tabler/icons-react'
import { useDeferredValue, useMemo, useState } from 'react'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { ViewerModal, ViewerPane } from '../../components/viewer-modal/viewer-modal'
import { ViewerError } from '../../components/viewer-error'
import type { EntryRef } from '../search/results/entry-actions'
import { loadedCount, nodeAt, pathKey, type TreeNode } from './archive-model'
import { visibleRows, type Row } from './archive-rows'
import { ArchiveTree } from './archive-tree'
import classes from './archive-viewer.module.css'
import { NodeDetails } from './node-details'
import { useArchiveTree } from './use-archive-tree'

type NodeRow = Extract<Row, { kind: 'node' }>

/** Expanding this needs a fetch first: a placeholder, or a list of values not sent yet. */
function needsLoad(node: TreeNode | undefined): boolean {
  if (node === undefined || node.t === 'lazy') return true
  return node.t === 'list' && node.of === 'value' && !node.capped && loadedCount(node) === 0
}

/**
 * An entry's archive as a tree (sections and quantities), loaded as it is opened: the top-level
 * sections first, each section when expanded. The right pane shows the selected node with its
 * JSON path and the copy actions.
 */
export function ArchiveViewer({ entry, onClose }: { entry: EntryRef; onClose: () => void }) {
  const tree = useArchiveTree(entry.serverId, entry.entryId)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [shownItems, setShownItems] = useState<ReadonlyMap<string, number>>(new Map())
  const [filter, setFilter] = useState('')
  const deferredFilter = useDeferredValue(filter)
  const [selected, setSelected] = useState<ArchivePath | null>(null)

  const view = useMemo(
    () =>
      tree.root === null
        ? null
        : visibleRows(tree.root, { expanded, shownItems, filter: deferredFilter }),
    [tree.root, expanded, shownItems, deferredFilter],
  )

  function toggle(row: NodeRow, open = !row.expanded) {
    const key = pathKey(row.path)
    setExpanded((current) => {
      const next = new Set(current)
      if (open) next.add(key)
      else next.delete(key)
      return next
    })
    if (open && needsLoad(row.node)) tree.load(row.path)
  }

  const rootError = tree.errors.get(pathKey([]))
  const selectedNode = selected && tree.root ? nodeAt(tree.root, selected) : undefined
  const empty = tree.root?.t === 'object' && tree.root.keys.length === 0

  return (
    <ViewerModal
      icon={<IconFileDescription size={18} style={{ flex: 'none' }} />}
      title={`Archive · ${entry.title ?? entry.entryId}`}
      titleTestId="archive-title"
      testId="archive-viewer"
      onClose={onClose}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <TextInput
            placeholder="Filter loaded keys (e.g. energy)"
            leftSection={<IconSearch size={14} />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            style={{ flex: '0 1 360px' }}
            aria-label="Filter keys"
            data-testid="archive-filter"
          />
          <Text size="xs" c="dimmed" ta="right" data-testid="archive-filter-note">
            {deferredFilter.trim() === ''
              ? `Entry ${entry.entryId} · sections load as you open them`
              : `${view?.matches ?? 0}${view?.capped ? '+' : ''} matching keys in the loaded parts; open sections to search inside them`}
          </Text>
        </Group>
        {rootError && !tree.root && (
          <ViewerError error={rootError} subject="entry" onRetry={() => tree.load([])} />
        )}
        {!rootError && !tree.root && (
          <Center h={240}>
            <Group gap="sm">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Reading the archive’s sections…
              </Text>
            </Group>
          </Center>
        )}
        {empty && (
          <Text size="sm" data-testid="archive-empty">
            This entry has no archive data: its processing may have failed or not finished. Its raw
            files are under Open upload files.
          </Text>
        )}
        {view && !empty && (
          <div className={classes.layout}>
            <ViewerPane>
              <ScrollArea style={{ flex: 1 }} type="auto">
                <ArchiveTree
                  rows={view.rows}
                  selected={selected ? pathKey(selected) : null}
                  loading={tree.loading}
                  errors={tree.errors}
                  onSelect={(row) => setSelected(row.path)}
                  onToggle={toggle}
                  onMore={(path, count) =>
                    setShownItems((current) => new Map(current).set(pathKey(path), count))
                  }
                  onLoad={tree.load}
                />
                {view.rows.length === 0 && (
                  <Text size="sm" c="dimmed" p="sm">
                    No loaded key contains “{deferredFilter}”.
                  </Text>
                )}
              </ScrollArea>
            </ViewerPane>
            <ViewerPane>
              {selected ? (
                <NodeDetails
                  key={pathKey(selected)}
                  serverId={entry.serverId}
                  entryId={entry.entryId}
                  path={selected}
                  node={selectedNode}
                  error={tree.errors.get(pathKey(selected))}
                  onRetry={() => tree.load(selected)}
                />
              ) : (
                <Text size="sm" c="dimmed" p="sm">
                  Select a section or quantity to see its value, copy its JSON path or its value.
                </Text>
              )}
            </ViewerPane>
          </div>
        )}
      </Stack>
    </ViewerModal>
  )
}
