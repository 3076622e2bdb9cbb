import { RouterProvider } from '@tanstack/react-router'
import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SignInPromptProvider } from '../../components/sign-in/prompt-context'
import { createSignInPromptStore } from '../../components/sign-in/prompt-store'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport, SHELL_HANDLERS } from '../../test-support/fake-transport'
import { AppProviders } from '../providers'
import { createAppRouter } from './router'
import { useHistoryButtons } from './use-history-buttons'

function renderAt(hash: string) {
  window.location.hash = hash
  const fake = createFakeTransport({
    ...SHELL_HANDLERS,
  })
  const router = createAppRouter()
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <SignInPromptProvider store={createSignInPromptStore()}>
        <RouterProvider router={router} />
      </SignInPromptProvider>
    </AppProviders>,
  )
  return router
}

// Screens load on demand; the first import of one takes a while in jsdom.
const find = (testId: string) => screen.findByTestId(testId, {}, { timeout: 15_000 })
const shownSection = () => document.querySelector('[data-section]')?.getAttribute('data-section')

afterEach(() => {
  window.location.hash = ''
})

describe('the route tree in the window (hash history)', { timeout: 30_000 }, () => {
  it('shows the section of the hash, also written without the slash', async () => {
    renderAt('#offline')
    expect(await find('screen-offline')).toBeInTheDocument()
    expect(shownSection()).toBe('offline')
  })
  it('shows the default section for an unknown or unreadable hash, keeping the hash', async () => {
    renderAt('#/archive/srv/%E0%A4%A')
    expect(await find('screen-search')).toBeInTheDocument()
    expect(shownSection()).toBe('search')
    expect(window.location.hash).toBe('#/archive/srv/%E0%A4%A')
  })
  it('names the group of #/groups/<group>', async () => {
    renderAt('#/groups/lab%20one')
    expect(await find('screen-title')).toHaveTextContent('Groups · lab one')
    expect(shownSection()).toBe('groups')
  })
  it('navigating to a section writes #/<id>', async () => {
    const router = renderAt('#/servers')
    await find('screen-servers')
    await act(() => router.navigate({ to: '/downloads' }))
    await waitFor(() => expect(window.location.hash).toBe('#/downloads'))
    expect(await find('screen-downloads')).toBeInTheDocument()
  })
})

describe('useHistoryButtons', () => {
  const press = (init: KeyboardEventInit) => {
    const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
    window.dispatchEvent(event)
    return event
  }
  const click = (button: number) => {
    const event = new MouseEvent('mouseup', { bubbles: true, cancelable: true, button })
    window.dispatchEvent(event)
    return event
  }

  it('Alt+←/→ and the mouse side buttons step once and cancel the browser’s own step', () => {
    const history = { back: vi.fn(), forward: vi.fn() }
    renderHook(() => useHistoryButtons(history))
    expect(press({ key: 'ArrowLeft', altKey: true }).defaultPrevented).toBe(true)
    expect(history.back).toHaveBeenCalledTimes(1)
    expect(press({ key: 'ArrowRight', altKey: true }).defaultPrevented).toBe(true)
    expect(history.forward).toHaveBeenCalledTimes(1)
    expect(click(3).defaultPrevented).toBe(true)
    expect(history.back).toHaveBeenCalledTimes(2)
    expect(click(4).defaultPrevented).toBe(true)
    expect(history.forward).toHaveBeenCalledTimes(2)
  })
  it('leaves other keys, other buttons and keys already handled alone', () => {
    const history = { back: vi.fn(), forward: vi.fn() }
    renderHook(() => useHistoryButtons(history))
    expect(press({ key: 'ArrowLeft' }).defaultPrevented).toBe(false)
    expect(press({ key: 'ArrowLeft', altKey: true, shiftKey: true }).defaultPrevented).toBe(false)
    expect(click(0).defaultPrevented).toBe(false)
    const handled = new KeyboardEvent('keydown', {
      key: 'ArrowLeft',
      altKey: true,
      cancelable: true,
    })
    handled.preventDefault()
    window.dispatchEvent(handled)
    expect(history.back).not.toHaveBeenCalled()
    expect(history.forward).not.toHaveBeenCalled()
  })
})
