import { Alert, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { UploadDetail } from '../../../shared/ipc/channels/uploads'
import { formatExact } from '../../components/relative-time'
import { UploadCollaborators } from '../../features/upload-collaborators/upload-collaborators'
import { UploadActions } from './upload-actions'
import { UploadBadges } from './upload-badges'
import { UploadMembers } from './upload-members'

const ROLE_SENTENCE: Record<UploadDetail['myRole'], string> = {
  main_author:
    'You are the main author: before it is published you may rename it, set its embargo, change its members and files, reprocess, publish and delete it; after, lift its embargo.',
  coauthor:
    'You are a coauthor: before it is published you may rename it, set its embargo, change its members and files, reprocess and publish it (only the main author deletes it); after, lift its embargo.',
  reviewer: 'You are a reviewer: you may see everything in it, but not change it.',
  none: 'You have no role in this upload: it is visible to you because it is public.',
}

function Field({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  )
}

/** Metadata, visibility and embargo, processing, the caller's role and actions, the members. */
export function UploadOverview({ serverId, detail }: { serverId: string; detail: UploadDetail }) {
  const u = detail.summary
  const canEditMembers =
    detail.signedIn && (detail.myRole === 'main_author' || detail.myRole === 'coauthor')
  const time = (iso: string | null) => (iso ? formatExact(iso) : '—')
  return (
    <Stack gap="md" data-testid="upload-overview">
      <UploadBadges upload={u} />
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
        <Field label="Upload id">{u.uploadId}</Field>
        <Field label="Created">{time(u.createTime)}</Field>
        <Field label="Published">{u.published ? time(u.publishTime) : 'Not yet'}</Field>
        <Field label="Embargo">
          {u.withEmbargo ? `${u.embargoLength} months from publication` : 'None'}
        </Field>
        <Field label="License">{u.license ?? '—'}</Field>
        <Field label="Entries">{u.entries.toLocaleString('en-US')}</Field>
        <Field label="Processing">{u.lastStatusMessage ?? u.processStatus ?? '—'}</Field>
        <Field label="Finished">{time(detail.completeTime)}</Field>
      </SimpleGrid>
      {detail.errors.length > 0 && (
        <Alert color="red" title="Processing errors">
          {detail.errors.join('\n')}
        </Alert>
      )}
      {detail.warnings.length > 0 && (
        <Alert color="yellow" title="Processing warnings">
          {detail.warnings.join('\n')}
        </Alert>
      )}
      <Text size="sm" data-testid="upload-role">
        {detail.signedIn
          ? ROLE_SENTENCE[detail.myRole]
          : 'Signed out: you see this upload because it is public. Sign in to see your role in it.'}
      </Text>
      <UploadActions serverId={serverId} detail={detail} />
      <Group gap="xs" align="baseline">
        <Title order={2} size="h5">
          Members
        </Title>
        {!canEditMembers && (
          <Badge size="xs" variant="default">
            read-only
          </Badge>
        )}
      </Group>
      {canEditMembers ? (
        // Main authors and coauthors manage collaborators here (the same editor as the entry
        // drawer's): people and groups as coauthors or reviewers, each role explained.
        <UploadCollaborators serverId={serverId} uploadId={u.uploadId} />
      ) : (
        <UploadMembers members={detail.members} />
      )}
    </Stack>
  )
}
