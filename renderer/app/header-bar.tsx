import { Group, Text } from '@mantine/core'
import { AppLogo } from '../components/app-logo'
import { AccountButton } from '../components/sign-in/account-button'
import { ColorSchemeMenu } from './color-scheme-menu'
import type { SectionId } from './sections'
import { ServerSwitcher } from './server-switcher'

export function HeaderBar({ navigate }: { navigate: (id: SectionId) => void }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <AppLogo size={28} />
        <Text fw={700} size="lg" style={{ letterSpacing: '-0.01em' }}>
          NOMAD Desktop
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ServerSwitcher navigate={navigate} />
        <AccountButton />
        <ColorSchemeMenu />
      </Group>
    </Group>
  )
}
