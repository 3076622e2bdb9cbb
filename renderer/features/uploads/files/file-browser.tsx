import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { DeferredSelect } from '../../../components/deferred-select'
import { useDebouncedValue } from '@mantine/hooks'
import {
  IconFolderOpen,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import type { FileItem, FolderSort } from '../../../../shared/ipc/channels/raw-files'
import { TruncatedText } from '../../../components/truncated-text'
import { ViewerFrame, ViewerPane } from '../../../components/viewer-modal/viewer-modal'
import { ViewerError } from '../../../components/viewer-error'
import { useInvoke } from '../../../ipc/hooks'
import type { EntryRef } from '../../entry-actions/entry-actions'
import classes from './file-browser.module.css'
import { FileList } from './file-list'
import { FolderTree } from './folder-tree'
import { FilePreview } from './previews/file-preview'
import { emptySelection, select } from './selection'
import { useFolder } from './use-folder'

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')

/** Upload root, then one crumb per folder down to `path`. */
function crumbs(path: string): { name: string; path: string }[] {
  const parts = path === '' ? [] : path.split('/')
  return [
    { name: 'Upload root', path: '' },
    ...parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join('/') })),
  ]
}

/**
 * What the selection toolbar offers for the selected files and folders. The download manager
 * plugs its "Download" action in here (issue 15 item 5); without it the toolbar only counts.
 */
export type SelectionActions = (selected: FileItem[], folder: string) => ReactNode

/**
 * The raw files of an upload: a folder tree beside a paged, sortable, filterable listing of
 * the current folder (mainfiles marked with their parser and linked to their entry), and a
 * preview of the selected file. Opened from an entry it starts at the entry's main file,
 * wherever it is in its folder. A modal with `onClose`, else part of a page.
 */
export function FileBrowser({
  entry,
  onClose,
  startFolder,
  onFolderChange,
  selectionActions,
  embedded = false,
}: {
  entry: Pick<EntryRef, 'serverId' | 'uploadId' | 'mainfile' | 'uploadName'>
  onClose?: () => void
  startFolder?: string
  /** The folder shown changed (a page keeps it in its URL). */
  onFolderChange?: (folder: string) => void
  selectionActions?: SelectionActions
  /** Inside the upload page: no title of its own. */
  embedded?: boolean
}) {
  const uploadId = entry.uploadId ?? ''
  const serverId = entry.serverId
  const [folder, setFolder] = useState(startFolder ?? folderOf(entry.mainfile ?? ''))
  const [file, setFile] = useState<FileItem | null>(null)
  const [sort, setSort] = useState<FolderSort>('name')
  const [order, setOrder] = useState<'asc' | 'desc'>('asc')
  const [filterText, setFilterText] = useState('')
  const [filter] = useDebouncedValue(filterText.trim(), 250)
  const [selection, setSelection] = useState(emptySelection)
  const listing = useFolder(serverId, uploadId, folder, { sort, order, filter })
  // The row to start on: the folder just left when going up, else the entry's main file.
  const [cameFrom, setCameFrom] = useState<string | undefined>(undefined)
  const mainfile =
    entry.mainfile && folderOf(entry.mainfile) === folder ? entry.mainfile : undefined
  const target = cameFrom !== undefined && folderOf(cameFrom) === folder ? cameFrom : mainfile
  const located = useInvoke(
    'rawFiles.locate',
    { serverId, uploadId, path: target ?? '' },
    { enabled: target !== undefined && sort === 'name' && order === 'asc' && filter === '' },
  )
  const scrollTo = target ? located.data?.index : undefined
  // The located row becomes the active row once, when its position arrives.
  const [placed, setPlaced] = useState<string | undefined>(undefined)
  if (scrollTo !== undefined && placed !== `${target}@${scrollTo}`) {
    setPlaced(`${target}@${scrollTo}`)
    setSelection((s) => ({ ...s, active: scrollTo, anchor: scrollTo }))
  }
  // Opened from the listing's keyboard: the new folder's listing takes the focus back.
  const [listFocus, setListFocus] = useState(false)

  const open = (path: string, fromList = false) => {
    setFolder(path)
    setFile(null)
    setFilterText('')
    setSelection(emptySelection())
    setListFocus(fromList)
    onFolderChange?.(path)
  }
  const openItem = (item: FileItem) => (item.isFile ? setFile(item) : open(item.path, true))
  const goUp = () => {
    setCameFrom(folder)
    open(folderOf(folder), true)
  }
  const selected = listing.loadedItems.filter((item) => selection.selected.has(item.path))

  const body = (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Breadcrumbs
          separatorMargin={4}
          style={{ minWidth: 0, flexWrap: 'wrap' }}
          data-testid="files-breadcrumbs"
        >
          {crumbs(folder).map((crumb, i, all) =>
            i === all.length - 1 ? (
              <TruncatedText key={crumb.path} size="sm" fw={600} className={classes.crumb}>
                {crumb.name}
              </TruncatedText>
            ) : (
              <Anchor
                key={crumb.path}
                component="button"
                size="sm"
                onClick={() => open(crumb.path)}
                data-testid="files-crumb"
              >
                <TruncatedText size="sm" className={classes.crumb} span>
                  {crumb.name}
                </TruncatedText>
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        {listing.access && (
          <Badge
            variant="light"
            color={listing.access === 'public' ? 'green' : 'yellow'}
            style={{ flex: 'none' }}
          >
            {listing.access}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="wrap" data-testid="files-toolbar">
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder="Filter by name"
          aria-label="Filter this folder by name"
          value={filterText}
          onChange={(event) => setFilterText(event.currentTarget.value)}
          w={200}
          data-testid="files-filter"
        />
        <DeferredSelect
          size="xs"
          w={130}
          aria-label="Sort by"
          value={sort}
          allowDeselect={false}
          onChange={(value) => value && setSort(value as FolderSort)}
          data={[
            { value: 'name', label: 'Name' },
            { value: 'size', label: 'Size' },
            { value: 'kind', label: 'Kind' },
          ]}
          data-testid="files-sort"
        />
        <ActionIcon
          variant="default"
          size="md"
          onClick={() => setOrder(order === 'asc' ? 'desc' : 'asc')}
          aria-label={
            order === 'asc' ? 'Ascending; switch to descending' : 'Descending; switch to ascending'
          }
          data-testid="files-order"
        >
          {order === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
        </ActionIcon>
        <Text size="xs" c="dimmed" data-testid="files-count">
          {listing.total === undefined
            ? ''
            : `${listing.total.toLocaleString('en-US')} ${filter ? 'matching' : listing.total === 1 ? 'item' : 'items'}`}
        </Text>
        <Group gap="xs" ml="auto" data-testid="files-selection">
          {selected.length > 0 && (
            <Text size="xs" data-testid="files-selected-count">
              {selected.length} selected
            </Text>
          )}
          {selectionActions?.(selected, folder)}
        </Group>
      </Group>
      <div className={classes.layout}>
        <ViewerPane>
          <FolderTree serverId={serverId} uploadId={uploadId} current={folder} onOpen={open} />
        </ViewerPane>
        <ViewerPane>
          {listing.isLoading && (
            <Center h={160}>
              <Loader size="sm" role="status" aria-label="Loading the folder" />
            </Center>
          )}
          {listing.error && listing.total === undefined && (
            <Stack p="sm">
              <ViewerError error={listing.error} subject="upload" onRetry={listing.retry} />
            </Stack>
          )}
          {listing.total === 0 && (
            <Text size="sm" c="dimmed" p="sm" data-testid="files-empty">
              {filter
                ? `Nothing here has “${filter}” in its name. Clear the filter to see everything.`
                : 'This folder is empty.'}
            </Text>
          )}
          {listing.total !== undefined && listing.total > 0 && (
            <FileList
              serverId={serverId}
              total={listing.total}
              rowAt={listing.rowAt}
              version={listing.version}
              selection={selection}
              highlighted={entry.mainfile}
              scrollTo={scrollTo}
              onRange={listing.showRange}
              onActivate={(active) => setSelection((s) => ({ ...s, active }))}
              onSelect={(index, mode) => setSelection((s) => select(s, index, mode, listing.rowAt))}
              onOpen={openItem}
              onUp={folder === '' ? undefined : goUp}
              autoFocus={listFocus}
              onSelectAll={() =>
                setSelection((s) => ({
                  ...s,
                  selected: new Set(listing.loadedItems.map((i) => i.path)),
                }))
              }
            />
          )}
          {listing.error && listing.total !== undefined && (
            <Text size="xs" c="red" p="xs">
              Some rows could not be loaded: {listing.error.message}
            </Text>
          )}
        </ViewerPane>
        <ViewerPane>
          {file ? (
            <FilePreview
              key={file.path}
              file={{ serverId, uploadId, path: file.path }}
              size={file.size}
            />
          ) : (
            <Text size="sm" c="dimmed" p="sm">
              Select a file to preview it here without downloading it.
              {entry.mainfile ? ' The entry’s main file is marked.' : ''}
            </Text>
          )}
        </ViewerPane>
      </div>
    </Stack>
  )
  if (embedded) return <div data-testid="file-browser">{body}</div>
  return (
    <ViewerFrame
      icon={<IconFolderOpen size={18} style={{ flex: 'none' }} />}
      title={`Upload files · ${entry.uploadName ?? uploadId}`}
      titleTestId="files-title"
      testId="file-browser"
      onClose={onClose}
    >
      {body}
    </ViewerFrame>
  )
}
