import { Alert, Badge, Group, List, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react'
import type { ScopeCheck, TestReport } from '../../../shared/ipc/channels/tokens'

const RESULT: Record<ScopeCheck['result'], { color: string; label: string }> = {
  can: { color: 'teal', label: 'can' },
  cannot: { color: 'red', label: 'cannot' },
  'not-checked': { color: 'gray', label: 'not checked' },
}

/** The outcome of "test this token": whose it is, and per scope what it can do. */
export function TestReportView({ report }: { report: TestReport }) {
  const valid = report.verdict === 'valid'
  return (
    <Alert
      color={valid ? 'teal' : 'red'}
      variant="light"
      icon={valid ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
      title={valid ? 'The server accepts this token' : 'The server refuses this token'}
      data-testid="test-report"
      data-verdict={report.verdict}
    >
      <Stack gap={6}>
        <Text size="sm" data-testid="test-report-message">
          {report.message}
        </Text>
        {report.checks.length > 0 && (
          <List size="sm" spacing={4} listStyleType="none">
            {report.checks.map((check) => (
              <List.Item key={check.scope} data-testid="test-check" data-result={check.result}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Badge size="sm" variant="light" color={RESULT[check.result].color} miw={84}>
                    {RESULT[check.result].label}
                  </Badge>
                  <Text size="sm" ff="monospace">
                    {check.scope}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {check.detail}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  )
}
