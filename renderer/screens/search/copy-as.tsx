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
import { IconCode, IconCopy } from '@tabler/icons-react'
import { useState } from 'react'
import type { JsonObject, Owner } from '../../../shared/api'
import {
  ownerNeedsAuth,
  toArchiveQuery,
  toCurl,
  toPythonRequests,
  type ExportRequest,
} from '../../../shared/query/export'

type Format = 'curl' | 'python' | 'archive-query'

const TITLES: Record<Format, string> = {
  curl: 'curl',
  python: 'Python (requests)',
  'archive-query': 'Python (nomad-lab ArchiveQuery)',
}

/**
 * "Copy as": the search as a curl command, a Python requests script, or nomad-lab's
 * ArchiveQuery. A token is never written out: snippets read it from the environment.
 */
export function CopyAsMenu({
  baseUrl,
  owner,
  query,
  columns,
  orderBy,
  order,
  pageSize,
}: {
  baseUrl: string
  owner: Owner
  query: JsonObject
  columns: string[]
  orderBy: string | null
  order: 'asc' | 'desc'
  pageSize: number
}) {
  const [open, setOpen] = useState<Format | null>(null)
  const request: ExportRequest = {
    baseUrl,
    owner,
    query,
    pagination: { page_size: pageSize, ...(orderBy ? { order_by: orderBy } : {}), order },
    required: { include: ['entry_id', ...columns] },
    auth: ownerNeedsAuth(owner),
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
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCode size={14} />}
            data-testid="copy-as"
          >
            Copy as
          </Button>
        </Menu.Target>
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
      </Menu>
      <Modal
        opened={open !== null}
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
            <Text size="xs" c="dimmed" maw={520}>
              {request.auth
                ? open === 'archive-query'
                  ? 'Reads NOMAD_USERNAME and NOMAD_PASSWORD from the environment (ArchiveQuery signs in itself).'
                  : 'Reads your token from the NOMAD_TOKEN environment variable; the app never writes it into code.'
                : 'This owner needs no sign-in, so the snippet carries no credentials.'}
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
    </>
  )
}
