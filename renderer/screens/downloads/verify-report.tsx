import { Alert, List, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react'
import type { VerifyReport } from '../../../shared/ipc/channels/downloads'

/** How many paths of each list are shown; the rest are counted. */
const SHOWN = 200

function PathList({
  title,
  paths,
  testId,
  note,
}: {
  title: string
  paths: { path: string; reason?: string }[]
  testId: string
  note: string
}) {
  if (paths.length === 0) return null
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={4} size="sm">
        {title} ({paths.length.toLocaleString('en-US')})
      </Title>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
      <List size="sm" spacing={2} style={{ wordBreak: 'break-all' }}>
        {paths.slice(0, SHOWN).map((item) => (
          <List.Item key={item.path}>
            <Text span size="sm" ff="monospace">
              {item.path}
            </Text>
            {item.reason && (
              <Text span size="sm">
                {' '}
                — {item.reason}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      {paths.length > SHOWN && (
        <Text size="xs" c="dimmed">
          and {(paths.length - SHOWN).toLocaleString('en-US')} more
        </Text>
      )}
    </Stack>
  )
}

/** The verify report: the verdict first, then what is missing, changed and extra. */
export function VerifyReportView({ report }: { report: VerifyReport }) {
  const problems = report.missing.length + report.changed.length
  return (
    <Stack gap="md" data-testid="verify-report">
      <Alert
        color={problems === 0 ? 'teal' : 'red'}
        variant="light"
        icon={
          problems === 0 ? (
            <IconCircleCheck size={18} aria-hidden />
          ) : (
            <IconAlertTriangle size={18} aria-hidden />
          )
        }
        title={
          problems === 0
            ? `All ${report.checked.toLocaleString('en-US')} files match the manifest`
            : `${problems.toLocaleString('en-US')} of ${report.checked.toLocaleString('en-US')} files differ from the manifest`
        }
        data-testid="verify-verdict"
      >
        {report.ok.toLocaleString('en-US')} identical (size and sha256), checked{' '}
        {new Date(report.checkedAt).toLocaleString()}.
      </Alert>
      <PathList
        title="Missing"
        paths={report.missing.map((path) => ({ path }))}
        testId="verify-missing"
        note="Listed in the manifest but not in the folder. Run again fetches them."
      />
      <PathList
        title="Changed"
        paths={report.changed}
        testId="verify-changed"
        note="Size or checksum differ from the manifest. Run again fetches them anew."
      />
      <PathList
        title="Extra"
        paths={report.extra.map((path) => ({ path }))}
        testId="verify-extra"
        note="In the folder but not in the manifest (not an error: e.g. your own files)."
      />
    </Stack>
  )
}
