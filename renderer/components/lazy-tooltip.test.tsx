import { ActionIcon, MantineProvider, Menu } from '@mantine/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LazyTooltip } from './lazy-tooltip'

const inProvider = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>)

describe('a tooltip mounted on first hover', () => {
  it('mounts nothing of the tooltip with its target, and leaves the target where it was', () => {
    // Renderer test files share one document: count only what this render adds.
    const portals = () => document.querySelectorAll('[data-portal]').length
    const before = portals()
    const { container } = inProvider(
      <LazyTooltip label="Hide the builder">
        <button type="button">Hide</button>
      </LazyTooltip>,
    )
    // Mantine's Tooltip would put its portal into the document at mount.
    expect(portals()).toBe(before)
    expect(container.querySelector('button')?.parentElement).toBe(container)
  })

  it('opens on hover, closes on leave and on Escape, without remounting the target', async () => {
    const user = userEvent.setup()
    inProvider(
      <LazyTooltip label="Theme" withArrow>
        <button type="button">Theme</button>
      </LazyTooltip>,
    )
    const button = screen.getByRole('button', { name: 'Theme' })
    button.focus()
    await user.hover(button)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Theme')
    // Arming it did not replace the button: it is the same element, still focused.
    expect(screen.getByRole('button', { name: 'Theme' })).toBe(button)
    expect(button).toHaveFocus()
    await user.unhover(button)
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
    await user.hover(button)
    expect(await screen.findByRole('tooltip')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
  })

  it('waits for openDelay, and opens not at all when the pointer leaves before', () => {
    vi.useFakeTimers()
    try {
      inProvider(
        <LazyTooltip label="Details" openDelay={300}>
          <span>x</span>
        </LazyTooltip>,
      )
      const span = screen.getByText('x')
      fireEvent.pointerEnter(span, { pointerType: 'mouse' })
      act(() => void vi.advanceTimersByTime(200))
      expect(screen.queryByRole('tooltip')).toBeNull()
      fireEvent.pointerLeave(span, { pointerType: 'mouse' })
      act(() => void vi.advanceTimersByTime(500))
      expect(screen.queryByRole('tooltip')).toBeNull()
      fireEvent.pointerEnter(span, { pointerType: 'mouse' })
      act(() => void vi.advanceTimersByTime(290))
      expect(screen.queryByRole('tooltip')).toBeNull()
      // Then Mantine's fade-in (100 ms) runs on timers too.
      for (let step = 0; step < 4; step++) act(() => void vi.advanceTimersByTime(60))
      expect(screen.getByRole('tooltip')).toHaveTextContent('Details')
    } finally {
      vi.useRealTimers()
    }
  })

  it('stays closed while disabled and for a touch', async () => {
    const { rerender } = inProvider(
      <LazyTooltip label="Full text" disabled>
        <span>cut</span>
      </LazyTooltip>,
    )
    const span = screen.getByText('cut')
    fireEvent.pointerEnter(span, { pointerType: 'mouse' })
    rerender(
      <MantineProvider>
        <LazyTooltip label="Full text">
          <span>cut</span>
        </LazyTooltip>
      </MantineProvider>,
    )
    fireEvent.pointerEnter(span, { pointerType: 'touch' })
    await act(() => new Promise((done) => setTimeout(done, 50)))
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it("passes a Menu.Target's props and ref to its child: the menu opens from it", async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    inProvider(
      // eslint-disable-next-line no-restricted-syntax -- Mantine's own Menu.Target, as LazyMenu mounts it
      <Menu>
        <Menu.Target>
          <LazyTooltip label="Theme">
            <ActionIcon aria-label="Theme" onClick={onClick}>
              T
            </ActionIcon>
          </LazyTooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Dark</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    )
    const button = screen.getByRole('button', { name: 'Theme' })
    expect(button).toHaveAttribute('aria-haspopup', 'menu')
    await user.click(button)
    // hidden: jsdom has no layout, so floating-ui soon finds the target clipped and hides the
    // menu (display: none); whether that came first depended on the machine's speed.
    expect(await screen.findByRole('menuitem', { name: 'Dark', hidden: true })).toBeInTheDocument()
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
