import { Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core'
import { IconFileDescription } from '@tabler/icons-react'
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { ArchiveTarget } from '../../../shared/archive/archive-link'
import type { ArchiveReference, RefSegment } from '../../../shared/archive/references'
import { isFetchablePath, jsonPathOf, type ArchivePath } from '../../../shared/ipc/channels/archive'
import { ViewerFrame, ViewerPane } from '../../components/viewer-modal/viewer-modal'
import { ViewerError } from '../../components/viewer-error'
import type { EntryRef } from '../entry-actions/entry-actions'
import { nodeAt, pathKey, type TreeNode } from './archive-model'
import { declaredUnits, unitAt, type UnitMode } from './archive-units'
import { showingPath, visibleRows, type Row } from './archive-rows'
import { ArchiveLinkBar } from './archive-link-bar'
import { ArchiveToolbar } from './archive-toolbar'
import { ArchiveTree } from './archive-tree'
import { ArrayPanel } from './array-panel'
import { RequiredPanel } from './required-panel'
import { structureOf } from './structure-data'
import classes from './archive-viewer.module.css'
import { NodeDetails } from './node-details'
import { KeptArchiveNote } from './kept-note'
import { FollowFailureAlert, PointsHere, ReferenceInfo } from './reference-panel'
import { RequiredBuilderPanel } from './required-builder'
import { describeReference, pointersTo, referenceOf, treeShape } from './tree-references'
import { useArchiveFind } from './use-archive-find'
import { useArchiveTree } from './use-archive-tree'
import { useRequiredBuilder } from './use-required-builder'
import { useFollowReference } from './use-follow-reference'

const StructureView = lazy(() =>
  import('./structure-view').then((m) => ({ default: m.StructureView })),
)
import { needsLoad, pathsToReveal, useRevealPath } from './use-reveal-path'

type NodeRow = Extract<Row, { kind: 'node' }>

const NO_HITS: ArchivePath[] = []

/**
 * Where the viewer's address lives (the page's URL). Without it the viewer keeps its selection
 * to itself and follows references inside the archive without history.
 */
export interface ArchiveNavigation {
  /** The researcher selected a node: the address follows, without a new history step. */
  select(path: ArchivePath): void
  /** Following a reference: a new history step, in this archive or another entry's. */
  open(entryId: string, path: RefSegment[]): void
  back?(): void
  forward?(): void
  /** "Open archive…": another entry or place, a new history step (the page only). */
  openTarget?(target: ArchiveTarget): void
}

/** A path the tree can show as it is: no index counted from the end. */
const isExact = (path: RefSegment[]): path is ArchivePath =>
  path.every((s) => typeof s === 'string' || s >= 0)

/**
 * An entry's archive as a tree (sections and quantities), loaded as it is opened: the top-level
 * sections first, each section when expanded. The right pane shows the selected node with its
 * JSON path and the copy actions. A modal with `onClose`, else a page; `select` opens the tree
 * down to that node and selects it (the #/archive link's path).
 */
export function ArchiveViewer({
  entry,
  onClose,
  select,
  navigation,
}: {
  entry: Pick<EntryRef, 'serverId' | 'entryId' | 'title'>
  onClose?: () => void
  /** The node to show; indices may count from the end (resolved when the list has come). */
  select?: RefSegment[]
  navigation?: ArchiveNavigation
}) {
  const tree = useArchiveTree(entry.serverId, entry.entryId)
  const exactSelect = select && isExact(select) ? select : undefined
  useRevealPath(tree, exactSelect)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => pathsToReveal(exactSelect))
  const [shownItems, setShownItems] = useState<ReadonlyMap<string, number>>(() =>
    showingPath(new Map(), exactSelect ?? []),
  )
  const [selected, setSelected] = useState<ArchivePath | null>(exactSelect ?? null)
  const followMode = useRef<'push' | 'replace'>('push')

  /** Shows a node: selected, its parents opened (past a long list's first chunk), scrolled to. */
  const reveal = useCallback((path: ArchivePath) => {
    setSelected((current) => sameOr(current, path))
    setShownItems((current) => showingPath(current, path))
    // Unchanged when every parent is open already (a row picked in the tree): with a list of
    // 100,000 items open, a new set would rebuild every row for nothing.
    setExpanded((current) => {
      const missing = [...pathsToReveal(path.slice(0, -1))].filter((key) => !current.has(key))
      return missing.length === 0 ? current : new Set([...current, ...missing])
    })
  }, [])

  const onFound = (path: ArchivePath) => {
    if (navigation && followMode.current === 'push') navigation.open(entry.entryId, path)
    else {
      reveal(path)
      navigation?.select(path)
    }
  }
  const onOtherEntry = useCallback(
    (entryId: string, path: RefSegment[]) => navigation?.open(entryId, path),
    [navigation],
  )
  const refs = useFollowReference(tree, onFound, onOtherEntry)
  const follow = refs.follow
  const followRef = (ref: ArchiveReference) => {
    followMode.current = 'push'
    follow(ref)
  }

  // A new address (a followed reference, back or forward): show that node.
  const selectKey = select === undefined ? '' : JSON.stringify(select)
  const firstSelect = useRef(selectKey)
  useEffect(() => {
    if (selectKey === '') return
    const path = JSON.parse(selectKey) as RefSegment[]
    if (isExact(path)) {
      if (selectKey !== firstSelect.current) reveal(path)
    } else {
      followMode.current = 'replace'
      follow({ kind: 'local', raw: jsonPathOf(path), legacy: false, path })
    }
    firstSelect.current = ''
  }, [selectKey, reveal, follow])

  const selectNode = (path: ArchivePath) => {
    setSelected((current) => sameOr(current, path))
    navigation?.select(path)
  }

  const [findText, setFindText] = useState('')
  const findInput = useRef<HTMLInputElement>(null)
  // The rows follow the deferred text, so typing stays fluent on a big tree.
  const deferredFind = useDeferredValue(findText)
  const view = useMemo(
    () =>
      tree.root === null
        ? null
        : visibleRows(tree.root, { expanded, shownItems, filter: deferredFind }),
    [tree.root, expanded, shownItems, deferredFind],
  )
  const showMatch = useCallback(
    (path: ArchivePath) => {
      reveal(path)
      navigation?.select(path)
    },
    [reveal, navigation],
  )
  const find = useArchiveFind(
    { text: findText, deferred: deferredFind, setText: setFindText },
    view?.hits ?? NO_HITS,
    selected,
    showMatch,
    findInput,
  )
  const builder = useRequiredBuilder(tree.root)
  const [building, setBuilding] = useState(false)
  const shape = useMemo(() => (tree.root ? treeShape(tree.root) : undefined), [tree.root])
  const startBuilding = (on: boolean) => {
    setBuilding(on)
    // The first tick is the place the researcher is looking at.
    if (on && builder.ticks.length === 0 && selected && isFetchablePath(selected))
      builder.toggle(selected)
  }

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
  const selectedRef = referenceOf(selectedNode)
  const pointers = useMemo(() => {
    const node = selected && tree.root ? nodeAt(tree.root, selected) : undefined
    return selected && tree.root && node && node.t !== 'value'
      ? pointersTo(tree.root, selected)
      : undefined
  }, [tree.root, selected])
  const structure = useMemo(
    () => structureOf(selected && tree.root ? nodeAt(tree.root, selected) : undefined),
    [tree.root, selected],
  )
  const describeRef = (ref: ArchiveReference) => describeReference(ref, tree.root)
  const [unitMode, setUnitMode] = useState<UnitMode>('researcher')
  const declared = useMemo(() => declaredUnits(tree.root), [tree.root])
  const unitOf = useCallback(
    (path: ArchivePath, node: TreeNode | undefined) =>
      unitAt(path, unitMode, declared, firstNumber(node)),
    [unitMode, declared],
  )
  const empty = tree.root?.t === 'object' && tree.root.keys.length === 0

  return (
    <ViewerFrame
      icon={<IconFileDescription size={18} style={{ flex: 'none' }} />}
      title={`Archive · ${entry.title ?? entry.entryId}`}
      titleTestId="archive-title"
      testId="archive-viewer"
      onClose={onClose}
    >
      <Stack gap="sm">
        {navigation?.openTarget && (
          <ArchiveLinkBar
            serverId={entry.serverId}
            here={{
              serverId: entry.serverId,
              entryId: entry.entryId,
              ...(selected && selected.length > 0 ? { jsonPath: jsonPathOf(selected) } : {}),
            }}
            onOpen={(target) => navigation.openTarget?.(target)}
          />
        )}
        <ArchiveToolbar
          find={find}
          inputRef={findInput}
          matches={view?.matches ?? 0}
          capped={view?.capped ?? false}
          back={navigation?.back && (() => navigation.back?.())}
          forward={navigation?.forward && (() => navigation.forward?.())}
          unitMode={unitMode}
          onUnitMode={setUnitMode}
          building={building}
          onBuilding={startBuilding}
        />
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
        {tree.kept && <KeptArchiveNote note={tree.kept} />}
        {refs.failure && <FollowFailureAlert failure={refs.failure} onClose={refs.dismiss} />}
        {view && !empty && (
          <div className={classes.layout}>
            <ViewerPane>
              <ArchiveTree
                rows={view.rows}
                selected={selected ? pathKey(selected) : null}
                loading={tree.loading}
                errors={tree.errors}
                onSelect={(row) => selectNode(row.path)}
                onToggle={toggle}
                onMore={(path, count) =>
                  setShownItems((current) => new Map(current).set(pathKey(path), count))
                }
                onLoad={tree.load}
                describeRef={describeRef}
                onFollow={followRef}
                unitOf={unitOf}
                ticks={building ? builder : undefined}
              >
                {view.rows.length === 0 && (
                  <Text size="sm" c="dimmed" p="sm">
                    No loaded key or value contains “{find.deferred}”.
                  </Text>
                )}
              </ArchiveTree>
            </ViewerPane>
            <ViewerPane>
              {building ? (
                <ScrollArea style={{ flex: 1 }} type="auto">
                  <RequiredBuilderPanel
                    serverId={entry.serverId}
                    entryId={entry.entryId}
                    builder={builder}
                    shape={shape}
                  />
                </ScrollArea>
              ) : selected ? (
                <NodeDetails
                  key={pathKey(selected)}
                  serverId={entry.serverId}
                  entryId={entry.entryId}
                  path={selected}
                  node={selectedNode}
                  unit={unitOf(selected, selectedNode)}
                  error={tree.errors.get(pathKey(selected))}
                  onRetry={() => tree.load(selected)}
                  extra={
                    <>
                      {structure && (
                        <Suspense fallback={<Loader size="sm" />}>
                          <StructureView structure={structure} />
                        </Suspense>
                      )}
                      <ArrayPanel
                        path={selected}
                        node={selectedNode}
                        root={tree.root ?? undefined}
                        unitOf={unitOf}
                      />
                      {selectedRef && (
                        <ReferenceInfo
                          reference={selectedRef}
                          text={describeRef(selectedRef)}
                          following={refs.following}
                          onFollow={() => followRef(selectedRef)}
                        />
                      )}
                      {selected.length > 0 && isFetchablePath(selected) && (
                        <RequiredPanel
                          serverId={entry.serverId}
                          entryId={entry.entryId}
                          path={selected}
                        />
                      )}
                      {pointers && (
                        <PointsHere
                          sources={pointers}
                          onSelect={(path) =>
                            navigation ? navigation.open(entry.entryId, path) : reveal(path)
                          }
                        />
                      )}
                    </>
                  }
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
    </ViewerFrame>
  )
}

/**
 * The selection as it is when `path` names the same node: the address coming back from the
 * router after a selection would otherwise make a new array, and everything keyed on the
 * selection (what points here, the structure, the details) would be worked out again.
 */
function sameOr(current: ArchivePath | null, path: ArchivePath): ArchivePath {
  return current !== null && pathKey(current) === pathKey(path) ? current : path
}

/** A number from a value or a loaded list of them: the one that picks fs or ps. */
function firstNumber(node: TreeNode | undefined): number {
  if (node?.t === 'value') return typeof node.value === 'number' ? node.value : 0
  if (node?.t !== 'list') return 0
  const item = node.items.find((i) => i?.t === 'value' && typeof i.value === 'number')
  return item?.t === 'value' && typeof item.value === 'number' ? item.value : 0
}
