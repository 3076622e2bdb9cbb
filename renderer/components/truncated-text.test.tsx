import { MantineProvider } from '@mantine/core'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TruncatedText } from './truncated-text'

/** A ResizeObserver whose callbacks the test runs, as the browser does after a layout. */
const observed: (() => void)[] = []
const Native = globalThis.ResizeObserver
beforeEach(() => {
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: () => void) {}
    observe() {
      observed.push(this.callback)
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})
afterEach(() => {
  globalThis.ResizeObserver = Native
  observed.length = 0
})

/** The text's box: `scroll` px of content in `client` px; counts the reads of scrollWidth. */
function sized(element: HTMLElement, scroll: number, client: number) {
  const reads = vi.fn(() => scroll)
  Object.defineProperty(element, 'scrollWidth', { configurable: true, get: reads })
  Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => client })
  return reads
}

function renderText(text: string) {
  render(
    <MantineProvider>
      <TruncatedText data-testid="text">{text}</TruncatedText>
    </MantineProvider>,
  )
  return screen.getByTestId('text')
}

const afterLayout = () => act(() => observed.forEach((callback) => callback()))

describe('TruncatedText', () => {
  it('reads its size only after the browser laid it out, never while React commits', async () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get')
    const element = renderText('A long server name')
    expect(spy).not.toHaveBeenCalled()
    spy.mockRestore()
    const reads = sized(element, 400, 120)
    expect(reads).not.toHaveBeenCalled()
    afterLayout()
    expect(reads).toHaveBeenCalled()
    await userEvent.hover(element)
    expect(await screen.findByRole('tooltip', {}, { timeout: 2000 })).toHaveTextContent(
      'A long server name',
    )
  })

  it('offers no tooltip when the whole text fits', async () => {
    const element = renderText('Short')
    sized(element, 60, 120)
    afterLayout()
    await userEvent.hover(element)
    await new Promise((done) => setTimeout(done, 500))
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
})
