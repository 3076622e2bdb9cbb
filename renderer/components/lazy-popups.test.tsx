import { Button, MantineProvider, Menu, Popover } from '@mantine/core'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { LazyMenu, LazyPopover } from './lazy-popups'

const inProvider = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>)

function ThemeMenu({ onPick }: { onPick: (value: string) => void }) {
  return (
    <LazyMenu target={<Button>Theme</Button>}>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onPick('light')}>Light</Menu.Item>
        <Menu.Item onClick={() => onPick('dark')}>Dark</Menu.Item>
      </Menu.Dropdown>
    </LazyMenu>
  )
}

describe('a menu mounted when the user reaches for it', () => {
  it('mounts nothing of the menu with its target, which still says what it opens', () => {
    // Renderer test files share one document: count only what this render adds.
    const portals = () => document.querySelectorAll('[data-portal]').length
    const before = portals()
    inProvider(<ThemeMenu onPick={() => undefined} />)
    expect(portals()).toBe(before)
    const button = screen.getByRole('button', { name: 'Theme' })
    expect(button).toHaveAttribute('aria-haspopup', 'menu')
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('opens from its target, which stays the same element, and gives the focus back', async () => {
    const user = userEvent.setup()
    const onPick = vi.fn()
    inProvider(<ThemeMenu onPick={onPick} />)
    const button = screen.getByRole('button', { name: 'Theme' })
    await user.click(button)
    const menu = await screen.findByRole('menu', { hidden: true })
    expect(screen.getByRole('button', { name: 'Theme' })).toBe(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(button.getAttribute('aria-controls')).toBe(menu.id)
    expect(menu).toHaveAttribute('aria-labelledby', button.id)
    // hidden: jsdom has no layout, so floating-ui soon finds the target clipped and hides it.
    await user.click(screen.getByRole('menuitem', { name: 'Dark', hidden: true }))
    expect(onPick).toHaveBeenCalledWith('dark')
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull())
    expect(button).toHaveAttribute('aria-expanded', 'false')
    // From the keyboard: Enter opens, Escape closes and the focus is back on the target.
    button.focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('menu', { hidden: true })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull())
    await waitFor(() => expect(button).toHaveFocus())
  })

  it('opens on a click that came without hover or focus (a screen reader’s)', async () => {
    inProvider(<ThemeMenu onPick={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Theme' }))
    expect(await screen.findByRole('menu', { hidden: true })).toBeInTheDocument()
  })
})

describe('a popover mounted when the user reaches for it', () => {
  it('when controlled, opens once from its owner’s click and closes through onChange', async () => {
    const user = userEvent.setup()
    const changes: boolean[] = []
    function Picker() {
      const [opened, setOpened] = useState(false)
      return (
        <>
          <LazyPopover
            opened={opened}
            onChange={(next) => {
              changes.push(next)
              setOpened(next)
            }}
            target={<Button onClick={() => setOpened((o) => !o)}>Condition</Button>}
          >
            <Popover.Dropdown>Pick a quantity</Popover.Dropdown>
          </LazyPopover>
          <p>Elsewhere</p>
        </>
      )
    }
    inProvider(<Picker />)
    const button = screen.getByRole('button', { name: 'Condition' })
    expect(button).toHaveAttribute('aria-haspopup', 'dialog')
    await user.click(button)
    expect(await screen.findByText('Pick a quantity')).toBeInTheDocument()
    expect(button).toHaveAttribute('aria-expanded', 'true')
    // The owner toggled it; the popover did not toggle it back.
    expect(changes).toEqual([])
    await user.click(screen.getByText('Elsewhere'))
    await waitFor(() => expect(screen.queryByText('Pick a quantity')).toBeNull())
    expect(changes).toEqual([false])
  })
})
