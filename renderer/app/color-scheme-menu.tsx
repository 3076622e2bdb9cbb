import { ActionIcon, Menu } from '@mantine/core'
import { LazyMenu } from '../components/lazy-popups'
import { LazyTooltip } from '../components/lazy-tooltip'
import { notifications } from '@mantine/notifications'
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react'
import type { Theme } from '../../shared/ipc/models/settings'
import { useInvoke, useMutationInvoke } from '../ipc/hooks'

const OPTIONS: { value: Theme; label: string; icon: typeof IconSun }[] = [
  { value: 'system', label: 'Follow the system', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
]

/** Header control for the theme setting (stored in settings, applied by ThemeSync). */
export function ColorSchemeMenu() {
  const settings = useInvoke('settings.get', {})
  const update = useMutationInvoke('settings.update', {
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Theme not saved', message: error.message }),
  })
  const current = settings.data?.appearance.theme ?? 'system'
  const CurrentIcon = OPTIONS.find((o) => o.value === current)?.icon ?? IconDeviceDesktop
  return (
    <LazyMenu
      position="bottom-end"
      shadow="md"
      width={200}
      target={
        <LazyTooltip label="Theme" withArrow>
          <ActionIcon variant="default" size="lg" aria-label="Theme" data-testid="theme-menu">
            <CurrentIcon size={18} stroke={1.6} />
          </ActionIcon>
        </LazyTooltip>
      }
    >
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {OPTIONS.map(({ value, label, icon: OptionIcon }) => (
          <Menu.Item
            key={value}
            data-testid={`theme-${value}`}
            leftSection={<OptionIcon size={16} />}
            rightSection={value === current ? <IconCheck size={16} /> : null}
            onClick={() => update.mutate({ appearance: { theme: value } })}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </LazyMenu>
  )
}
