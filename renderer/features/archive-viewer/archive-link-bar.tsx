import { Button, CopyButton, Group, TextInput } from '@mantine/core'
import { IconLink } from '@tabler/icons-react'
import { useState } from 'react'
import {
  archiveAppLink,
  parseArchiveLink,
  type ArchiveTarget,
} from '../../../shared/archive/archive-link'
import { useServers } from '../servers/use-servers'

/**
 * The archive page's address row: "Copy link" copies an app link to the place shown
 * (nomad-desktop://archive/<server>/<entry>/<JSON path>), and "Open archive…" opens what is
 * pasted into it — an entry id on this server, such a link, or a NOMAD address of a configured
 * server — or says in place why it cannot.
 */
export function ArchiveLinkBar({
  serverId,
  here,
  onOpen,
}: {
  /** The server an entry id alone is opened on: the one shown. */
  serverId: string
  /** The place shown, for Copy link; absent on the landing page (#/archive). */
  here?: ArchiveTarget
  onOpen: (target: ArchiveTarget) => void
}) {
  const { servers } = useServers()
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const open = () => {
    const result = parseArchiveLink(text, servers, serverId)
    if (!result.ok) return setError(result.message)
    setError(undefined)
    setText('')
    onOpen(result.target)
  }
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      {here && (
        <CopyButton value={archiveAppLink(here)}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLink size={14} />}
              onClick={copy}
              aria-label={copied ? 'Link copied' : 'Copy link to this place'}
              data-testid="archive-copy-link"
            >
              {copied ? 'Link copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      )}
      <form
        style={{ display: 'flex', gap: 4, flex: '1 1 360px', alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault()
          open()
        }}
      >
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label="Open archive: an entry id, a copied link or a NOMAD address"
          placeholder="Open archive… (entry id, copied link or NOMAD address)"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value)
            setError(undefined)
          }}
          error={error}
          data-testid="archive-open-input"
        />
        <Button size="xs" type="submit" data-testid="archive-open-submit">
          Open
        </Button>
      </form>
    </Group>
  )
}
