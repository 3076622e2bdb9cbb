import { createTheme, type MantineColorSchemeManager } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
})

/**
 * The theme setting (system / light / dark) lives in the app's settings, not in localStorage:
 * this manager stores nothing, and ThemeSync applies the setting once it has loaded. Until
 * then 'auto' follows the OS, so the first paint already matches a dark desktop.
 */
export const settingsColorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
}
