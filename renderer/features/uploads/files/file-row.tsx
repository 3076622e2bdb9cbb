import { Anchor, Badge, Group } from '@mantine/core'
import { IconFile, IconFolder } from '@tabler/icons-react'
import type { FileItem } from '../../../../shared/ipc/channels/raw-files'
import { fileKind } from '../../../../shared/ipc/models/file-kind'
import classes from './file-browser.module.css'
import { formatBytes, formatCount } from './format-bytes'

/** Parser names come as "parsers/vasp"; people know the code. */
const parserLabel = (parser: string) => parser.replace(/^parsers\//, '')

/**
 * One child of a folder: icon, name (mainfiles marked with parser and links), kind, size.
 * Rows mount a dozen a frame while a listing scrolls, so they are plain elements with CSS
 * (ellipsis, native title) rather than measured tooltips: bench:files counts the long tasks.
 */
export function FileRow({
  item,
  serverId,
  selected,
  active,
  highlighted,
}: {
  item: FileItem
  serverId: string
  selected: boolean
  active: boolean
  /** The file the browser was opened for (an entry's mainfile). */
  highlighted: boolean
}) {
  const kind = fileKind(item.name, item.isFile)
  return (
    <>
      <span className={`${classes.icon} ${item.isFile ? '' : classes.folderIcon}`}>
        {item.isFile ? <IconFile size={16} /> : <IconFolder size={16} />}
      </span>
      <span className={classes.name}>
        <span
          className={`${classes.nameText} ${highlighted ? classes.nameStrong : ''}`}
          title={item.name}
        >
          {item.name}
        </span>
        {item.entryId && (
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }} data-testid="files-mainfile">
            <Badge
              size="xs"
              variant="light"
              color="yellow"
              title={`Main file of entry ${item.entryId}, read by ${item.parserName ?? 'a parser'}`}
            >
              {item.parserName ? parserLabel(item.parserName) : 'main file'}
            </Badge>
            <Anchor
              size="xs"
              href={`#/archive/${encodeURIComponent(serverId)}/${encodeURIComponent(item.entryId)}`}
              onClick={(event) => event.stopPropagation()}
              tabIndex={active || selected ? 0 : -1}
              data-testid="files-entry-link"
              aria-label={`Open the entry of ${item.name} (its archive)`}
            >
              entry
            </Anchor>
          </Group>
        )}
      </span>
      <span className={classes.kind}>{kind.label}</span>
      <span className={classes.size} title={`${formatCount(item.size)} bytes`}>
        {formatBytes(item.size)}
        {item.size >= 1024 && <span className={classes.exact}> {formatCount(item.size)}</span>}
      </span>
    </>
  )
}
