import {
  Button,
  Code,
  CopyButton,
  Group,
  Menu,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core'
import { LazyMenu } from '../../components/lazy-popups'
import { IconCode, IconCopy } from '@tabler/icons-react'
import { memo, useState } from 'react'
import { countRender } from '../../components/render-count'
import type { JsonObject, Owner } from '../../../shared/api'
import {
  ownerNeedsAuth,
  toArchiveQuery,
  toCurl,
  toPythonRequests,
  type ExportRequest,
} from '../../../shared/query/export'
import { useAppCredential, type AppCredential } from './state/use-app-credential'
import { MountWhenOpened } from '../../components/on-demand/mount-when-opened'

type Format = 'curl' | 'python' | 'archive-query'

const TITLES: Record<Format, string> = {
  curl: 'curl',
  python: 'Python (requests)',
  'archive-query': 'Python (nomad-lab ArchiveQuery)',
}

/**
 * "Copy as": the search as a curl command, a Python requests script, or nomad-lab's
 * ArchiveQuery. A token is never written out: snippets read it from the environment. They
 * carry that placeholder whenever the owner needs sign-in or the app itself sends a credential
 * to this server, because the app's request (and so the total it shows) is an authenticated
 * one: without the token the snippet would quietly find fewer entries.
 */
export const CopyAsMenu = memo(function CopyAsMenu({
  serverId,
  baseUrl,
  owner,
  query,
  columns,
  orderBy,
  order,
  pageSize,
}: {
  serverId: string
  baseUrl: string
  owner: Owner
  query: JsonObject
  columns: string[]
  orderBy: string | null
  order: 'asc' | 'desc'
  pageSize: number
}) {
  countRender('search-copy-as')
  const [open, setOpen] = useState<Format | null>(null)
  const credential = useAppCredential(serverId)
  const request: ExportRequest = {
    baseUrl,
    owner,
    query,
    pagination: { page_size: pageSize, ...(orderBy ? { order_by: orderBy } : {}), order },
    required: { include: ['entry_id', ...columns] },
    auth: ownerNeedsAuth(owner) || credential !== null,
  }
  const code =
    open === 'curl'
      ? toCurl(request)
      : open === 'python'
        ? toPythonRequests(request)
        : open === 'archive-query'
          ? toArchiveQuery(request, { resultsMax: 1000 })
          : ''
  return (
    <>
      <LazyMenu
        position="bottom-end"
        target={
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCode size={14} />}
            data-testid="copy-as"
          >
            Copy as
          </Button>
        }
      >
        <Menu.Dropdown>
          {(Object.keys(TITLES) as Format[]).map((format) => (
            <Menu.Item
              key={format}
              onClick={() => setOpen(format)}
              data-testid={`copy-as-${format}`}
            >
              {TITLES[format]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </LazyMenu>
      <MountWhenOpened opened={open !== null}>
        {(opened) => (
          <Modal
            opened={opened}
            onClose={() => setOpen(null)}
            title={open ? `Copy as ${TITLES[open]}` : ''}
            size="xl"
          >
            <Stack gap="sm">
              <ScrollArea.Autosize mah={420}>
                <Code block data-testid="copy-as-code">
                  {code}
                </Code>
              </ScrollArea.Autosize>
              <Group justify="space-between">
                <Text size="xs" c="dimmed" maw={520} data-testid="copy-as-note">
                  {open && credentialNote(open, ownerNeedsAuth(owner), credential)}
                </Text>
                <CopyButton value={code}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      leftSection={<IconCopy size={14} />}
                      onClick={copy}
                      data-testid="copy-as-copy"
                    >
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Modal>
        )}
      </MountWhenOpened>
    </>
  )
})

/** Why the snippet carries a credential placeholder (or none), and where it reads it from. */
function credentialNote(format: Format, ownerNeeds: boolean, credential: AppCredential): string {
  if (!ownerNeeds && credential === null)
    return 'Neither this owner nor the app uses a credential here, so the snippet carries none.'
  const why = ownerNeeds
    ? 'This owner needs sign-in.'
    : `The app sends ${credential?.via ?? 'a credential'} with this search, so the snippet does too.`
  return format === 'archive-query'
    ? `${why} It reads NOMAD_USERNAME and NOMAD_PASSWORD from the environment (ArchiveQuery signs in itself).`
    : `${why} It reads your token from the NOMAD_TOKEN environment variable; the app never writes it into code.`
}
