import { createTheme, type MantineColorSchemeManager } from '@mantine/core'

const PAGE_CONTROL_LABEL = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // The OS's "reduce motion" turns Mantine's transitions off (accessibility.css does the rest).
  respectReducedMotion: true,
  focusRing: 'auto',
  components: {
    // Icon-only close buttons need a name for screen readers (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // The arrow controls are icons: name them (axe: button-name).
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof PAGE_CONTROL_LABEL) => ({
          'aria-label': PAGE_CONTROL_LABEL[control],
        }),
      },
    },
  },
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
