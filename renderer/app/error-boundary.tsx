import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core'
import { IconAlertOctagon, IconReload } from '@tabler/icons-react'
import { Component, type ErrorInfo, type ReactNode } from 'react'

interface State {
  error: Error | null
}

/**
 * Catches render errors so one broken screen never blanks the window: shows what failed and a
 * Reload button. The shell wraps each screen in one (keyed by section) and the app in another.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; where: string }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Render error in ${this.props.where}:`, error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <Stack p="lg" maw={720} data-testid="error-boundary">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertOctagon size={20} />}
          title={`The ${this.props.where} stopped working`}
        >
          <Stack gap="sm">
            <Text size="sm">
              This is a bug in NOMAD Desktop. Reloading usually recovers; your settings and server
              profiles are safe.
            </Text>
            <Code block>{`${error.name}: ${error.message}`}</Code>
            <Group>
              <Button
                leftSection={<IconReload size={16} />}
                onClick={() => window.location.reload()}
                data-testid="error-reload"
              >
                Reload
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    )
  }
}
