import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core'
import { IconFile, IconFolder, IconFolderOpen } from '@tabler/icons-react'
import { useState } from 'react'
import { ErrorAlert } from '../../../components/error-alert'
import { TruncatedText } from '../../../components/truncated-text'
import { ViewerFrame, ViewerPane } from '../../../components/viewer-modal/viewer-modal'
import { ViewerError } from '../../../components/viewer-error'
import type { EntryRef } from '../../entry-actions/entry-actions'
import classes from './file-browser.module.css'
import { FilePreview } from './file-preview'
import { formatBytes } from './format-bytes'
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
 * The raw files of an entry's upload: opens at the folder of the entry's main file (marked),
 * folders page in with "Load more", and a file shows the start of its text on the right.
 * A modal with `onClose`, else a page; `startFolder` overrides where it opens (a #/uploads link).
 */
export function FileBrowser({
  entry,
  onClose,
  startFolder,
}: {
  entry: Pick<EntryRef, 'serverId' | 'uploadId' | 'mainfile' | 'uploadName'>
  onClose?: () => void
  startFolder?: string
}) {
  const uploadId = entry.uploadId ?? ''
  const [folder, setFolder] = useState(startFolder ?? folderOf(entry.mainfile ?? ''))
  const [file, setFile] = useState<string | null>(null)
  const listing = useFolder(entry.serverId, uploadId, folder)
  const open = (path: string) => {
    setFolder(path)
    setFile(null)
  }

  return (
    <ViewerFrame
      icon={<IconFolderOpen size={18} style={{ flex: 'none' }} />}
      title={`Upload files · ${entry.uploadName ?? uploadId}`}
      titleTestId="files-title"
      testId="file-browser"
      onClose={onClose}
    >
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
        <div className={classes.layout}>
          <ViewerPane>
            <ScrollArea style={{ flex: 1 }} type="auto">
              {listing.isLoading && (
                <Center h={160}>
                  <Loader size="sm" />
                </Center>
              )}
              {listing.error && listing.items.length === 0 && (
                <Stack p="sm">
                  <ViewerError error={listing.error} subject="upload" onRetry={listing.retry} />
                </Stack>
              )}
              {!listing.isLoading && !listing.error && listing.items.length === 0 && (
                <Text size="sm" c="dimmed" p="sm" data-testid="files-empty">
                  This folder is empty.
                </Text>
              )}
              <div role="list" data-testid="files-list">
                {listing.items.map((item) => {
                  const main = item.isFile && item.path === entry.mainfile
                  return (
                    <button
                      key={item.path}
                      type="button"
                      role="listitem"
                      className={`${classes.row} ${main ? classes.mainfile : ''} ${file === item.path ? classes.selected : ''}`}
                      onClick={() => (item.isFile ? setFile(item.path) : open(item.path))}
                      data-testid="files-item"
                      data-name={item.name}
                      data-kind={item.isFile ? 'file' : 'folder'}
                      data-mainfile={main || undefined}
                    >
                      <span className={`${classes.icon} ${item.isFile ? '' : classes.folderIcon}`}>
                        {item.isFile ? <IconFile size={16} /> : <IconFolder size={16} />}
                      </span>
                      <TruncatedText size="sm" className={classes.name} fw={main ? 600 : undefined}>
                        {item.name}
                      </TruncatedText>
                      {main && (
                        <Badge size="xs" variant="light" color="yellow" style={{ flex: 'none' }}>
                          main file
                        </Badge>
                      )}
                      {!main && item.entryId && (
                        <Badge
                          size="xs"
                          variant="default"
                          style={{ flex: 'none' }}
                          title={`Main file of entry ${item.entryId}`}
                        >
                          entry
                        </Badge>
                      )}
                      <span className={classes.size}>{formatBytes(item.size)}</span>
                    </button>
                  )
                })}
              </div>
              {listing.error && listing.items.length > 0 && (
                <Stack p="sm">
                  <ErrorAlert error={listing.error} title="Could not load more of this folder" />
                </Stack>
              )}
              {listing.hasMore && (
                <Group p="sm" gap="sm">
                  <Button
                    size="xs"
                    variant="light"
                    loading={listing.loadingMore}
                    onClick={listing.loadMore}
                    data-testid="files-load-more"
                  >
                    Load more
                  </Button>
                  <Text size="xs" c="dimmed">
                    {listing.items.length.toLocaleString('en-US')} of{' '}
                    {(listing.total ?? 0).toLocaleString('en-US')} shown
                  </Text>
                </Group>
              )}
            </ScrollArea>
          </ViewerPane>
          <ViewerPane>
            {file ? (
              <FilePreview key={file} serverId={entry.serverId} uploadId={uploadId} path={file} />
            ) : (
              <Text size="sm" c="dimmed" p="sm">
                Select a file to see the start of it. The entry’s main file is marked.
              </Text>
            )}
          </ViewerPane>
        </div>
      </Stack>
    </ViewerFrame>
  )
}
