import { Button, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core'
import { IconLogin, IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { useSignInPrompt } from '../../components/sign-in/prompt-context'
import { uploadHref } from './uploads-table'

/** Signed out: what signing in gives, and a way into a public upload by its id. */
export function SignedOutUploads({ serverId }: { serverId: string }) {
  const prompt = useSignInPrompt()
  const [id, setId] = useState('')
  const trimmed = id.trim()
  return (
    <Paper withBorder p="lg" radius="md" data-testid="uploads-signed-out">
      <Stack gap="sm" maw={620}>
        <Group gap="sm">
          <ThemeIcon variant="light" size="lg">
            <IconUpload size={18} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Sign in to see your uploads
          </Title>
        </Group>
        <Text size="sm">
          Signed in, this lists every upload you are the main author, a coauthor or a reviewer of,
          with its processing state, visibility, embargo and members, and lets you browse and
          preview all of its files, published or not.
        </Text>
        <Text size="sm" c="dimmed">
          Public uploads open without signing in: from an entry in Search (“Open upload files”), or
          by pasting the upload’s id here.
        </Text>
        <Group gap="xs">
          <Button leftSection={<IconLogin size={16} />} onClick={() => void prompt.request(null)}>
            Sign in
          </Button>
        </Group>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (trimmed) window.location.hash = uploadHref(serverId, trimmed).slice(1)
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Open a public upload by id"
              placeholder="e.g. x2Bc9lT0R3uLm0r5Hq1w"
              value={id}
              onChange={(event) => setId(event.currentTarget.value)}
              w={300}
              data-testid="uploads-open-id"
            />
            <Button type="submit" variant="light" disabled={!trimmed}>
              Open
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  )
}
