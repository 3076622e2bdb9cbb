import { Loader, Text } from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconFolder } from '@tabler/icons-react'
import { useState } from 'react'
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
    { serverId, uploadId, path, page: 1, pageSize: TREE_PAGE },
    { enabled: expanded, staleTime: 30_000 },
  )
  const folders = (children.data?.items ?? []).filter((item) => !item.isFile)
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

/** The upload's folders as a tree beside the listing; branches load when opened. */
export function FolderTree(props: {
  serverId: string
  uploadId: string
  current: string
  onOpen: (path: string) => void
}) {
  return (
    <nav aria-label="Folders" className={classes.tree} data-testid="files-tree">
      <ul role="tree" className={classes.treeList}>
        <TreeNode {...props} path="" name="Upload root" depth={0} />
      </ul>
    </nav>
  )
}
