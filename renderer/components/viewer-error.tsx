import { Group, Stack, Text } from '@mantine/core'
import { RetryButton } from './retry-button'
import type { ErrorCode } from '../../shared/errors'
import { ErrorAlert } from './error-alert'

/** What the researcher can do next, per error code (ux-anchors §4.3: never only "try again"). */
const NEXT_STEPS: Partial<Record<ErrorCode, (subject: string) => string>> = {
  auth_required: (subject) =>
    `Sign in (top right) with an account that may see this ${subject}, or make a token with the right scope active in Tokens; then try again.`,
  forbidden: (subject) =>
    `Your account or token may not read this ${subject}. Ask its owner to share it with you, or use a token with the scope named above.`,
  not_found: (subject) =>
    `The ${subject} may have been deleted, reprocessed under a new ID, or is not visible to you. Search again to refresh the results.`,
  network: () => 'Check the connection to the server (Servers section), then try again.',
  throttled: () =>
    'The server is limiting requests and the app already waited and retried. Try again in a moment.',
  invalid_response: () =>
    'The server answered in a form the app cannot read; the message above names the part.',
}

function nextStep(code: ErrorCode | undefined, subject: string): string {
  const step = code === undefined ? undefined : NEXT_STEPS[code]
  return step
    ? step(subject)
    : 'The message above says what the server answered. Try again, or search again if the entry changed.'
}

/** A failed load in a viewer: the error, the next step, and a retry. */
export function ViewerError({
  error,
  subject,
  onRetry,
}: {
  error: Error & { code?: ErrorCode }
  /** "entry", "upload", "folder"… as the sentence needs it. */
  subject: string
  onRetry: () => void
}) {
  return (
    <Stack gap="sm" data-testid="viewer-error" data-code={error.code}>
      <ErrorAlert error={error} />
      <Text size="sm">{nextStep(error.code, subject)}</Text>
      <Group>
        <RetryButton onRetry={onRetry} testId="viewer-retry" />
      </Group>
    </Stack>
  )
}
