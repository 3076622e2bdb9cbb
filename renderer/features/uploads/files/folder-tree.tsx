import { Loader, Text } from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconFolder } from '@tabler/icons-react'
import { useState, type KeyboardEvent } from 'react'
import { useInvoke } from '../../../ipc/hooks'
import classes from './file-browser.module.css'

/** Folders shown per level: the first page of a folder's children, sorted by name. */
const TREE_PAGE = 500

const isUnder = (path: string, folder: string) =>
  folder === '' || path === folder || path.startsWith(`${folder}/`)

function TreeNode({
  serverId,
  uploadId,
  path,
  name,
  depth,
  current,
  onOpen,
}: {
  serverId: string
  uploadId: string
  path: string
  name: string
  depth: number
  current: string
  onOpen: (path: string) => void
}) {
  const [open, setOpen] = useState(isUnder(current, path))
  const expanded = open || (current !== path && isUnder(current, path))
  const children = useInvoke(
    'rawFiles.list',
    // Background: the listing or preview someone just asked for goes first.
    { serverId, uploadId, path, page: 1, pageSize: TREE_PAGE, background: true },
    { enabled: expanded, staleTime: 30_000 },
  )
  const folders = (children.data?.items ?? []).filter((item) => !item.isFile)
  // One tab stop for the tree (roving tabindex): the current folder, or while it is not shown
  // (its branch still loading, or beyond the first page), its nearest shown ancestor.
  const tabStop =
    path === current || (isUnder(current, path) && !folders.some((f) => isUnder(current, f.path)))
  return (
    <li role="treeitem" aria-expanded={expanded} aria-selected={current === path}>
      <div className={classes.treeRow} style={{ paddingLeft: depth * 12 }}>
        <button
          type="button"
          className={classes.treeTwisty}
          onClick={() => setOpen(!expanded)}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
          tabIndex={-1}
        >
          {expanded ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
        </button>
        <button
          type="button"
          className={`${classes.treeName} ${current === path ? classes.treeCurrent : ''}`}
          onClick={() => onOpen(path)}
          tabIndex={tabStop ? 0 : -1}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') setOpen(true)
            if (event.key === 'ArrowLeft') setOpen(false)
          }}
          data-testid="files-tree-item"
          data-path={path}
        >
          <IconFolder size={14} className={classes.folderIcon} style={{ flex: 'none' }} />
          <span className={classes.treeLabel}>{name}</span>
        </button>
      </div>
      {expanded && children.isLoading && <Loader size="xs" ml={depth * 12 + 24} />}
      {expanded && folders.length > 0 && (
        <ul role="group" className={classes.treeList}>
          {folders.map((folder) => (
            <TreeNode
              key={folder.path}
              serverId={serverId}
              uploadId={uploadId}
              path={folder.path}
              name={folder.name}
              depth={depth + 1}
              current={current}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
      {expanded && children.data?.hasMore && (
        <Text
          size="xs"
          c="dimmed"
          pl={depth * 12 + 24}
          title="This folder has more children than the tree lists; the listing shows them all."
        >
          …
        </Text>
      )}
    </li>
  )
}

/** ↑/↓ (Home/End) move the focus between the folders shown, as the eye reads them. */
function onTreeKeyDown(event: KeyboardEvent<HTMLElement>) {
  const moves: Record<string, (at: number, last: number) => number> = {
    ArrowDown: (at, last) => Math.min(last, at + 1),
    ArrowUp: (at) => Math.max(0, at - 1),
    Home: () => 0,
    End: (_, last) => last,
  }
  const move = moves[event.key]
  if (!move) return
  const items = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-testid="files-tree-item"]'),
  ]
  const at = items.findIndex((item) => item === document.activeElement)
  if (at < 0) return
  event.preventDefault()
  items[move(at, items.length - 1)]?.focus()
}

/**
 * The upload's folders as a tree beside the listing; branches load when opened. Keys: ↑/↓
 * move, → opens a branch, ← closes it, Enter shows the folder.
 */
export function FolderTree(props: {
  serverId: string
  uploadId: string
  current: string
  onOpen: (path: string) => void
}) {
  return (
    <nav
      aria-label="Folders"
      className={classes.tree}
      data-testid="files-tree"
      onKeyDown={onTreeKeyDown}
    >
      <ul role="tree" className={classes.treeList}>
        <TreeNode {...props} path="" name="Upload root" depth={0} />
      </ul>
    </nav>
  )
}
