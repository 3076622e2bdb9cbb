import { MantineProvider } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NotificationsHost } from './notifications-host'

// The store is global, and renderer test files share one document: start and end empty.
beforeEach(() => act(() => notifications.clean()))
afterEach(() => act(() => notifications.clean()))

describe('the notifications host', () => {
  it('mounts nothing until a notification is shown, then shows it', async () => {
    // Renderer test files share one document, whose portals come and go with other files'
    // popups: look for the notifications' own root, not at a count of portals.
    const roots = () => document.querySelectorAll('.mantine-Notifications-root').length
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    )
    expect(roots()).toBe(0)
    act(() => void notifications.show({ title: 'Theme not saved', message: 'disk full' }))
    expect(await screen.findByText('Theme not saved')).toBeInTheDocument()
    expect(roots()).toBeGreaterThan(0)
  })

  it('shows what was shown before it mounted', async () => {
    act(() => void notifications.show({ message: 'Shown before the host' }))
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    )
    expect(await screen.findByText('Shown before the host')).toBeInTheDocument()
  })
})
