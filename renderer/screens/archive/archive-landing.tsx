import { Stack, Text, Title } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { ArchiveLinkBar } from '../../features/archive-viewer/archive-link-bar'
import { useServers } from '../../features/servers/use-servers'

/**
 * #/archive: where an archive is opened from nothing but an id or a link (the field the archive
 * page also has); an entry id opens on the active server.
 */
export function ArchiveLanding() {
  const navigate = useNavigate()
  const { activeId, active } = useServers()
  return (
    <Stack gap="sm" maw={760} p="md" data-testid="archive-landing">
      <Title order={1} size="h3">
        Open an archive
      </Title>
      <Text size="sm" c="dimmed">
        Paste an entry id (opened on {active?.name ?? 'the active server'}), a link copied with Copy
        link, or the address of an entry in NOMAD’s web interface or API.
      </Text>
      {activeId !== undefined && (
        <ArchiveLinkBar
          serverId={activeId}
          onOpen={(target) =>
            void navigate({
              to: '/archive/$serverId/$entryId/{-$jsonPath}',
              params: {
                serverId: target.serverId,
                entryId: target.entryId,
                jsonPath: target.jsonPath,
              },
            })
          }
        />
      )}
    </Stack>
  )
}
