import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useId } from './use-id'
import { useMediaQuery } from './use-media-query'

/** Renders of each probe, by name: the point of both hooks is a single render on mount. */
const renders = new Map<string, number>()
const count = (name: string) => renders.set(name, (renders.get(name) ?? 0) + 1)

function IdProbe({ name, staticId }: { name: string; staticId?: string }) {
  count(name)
  return <span data-testid={name} id={useId(staticId)} />
}

function MediaProbe({ query, initial }: { query: string; initial?: boolean }) {
  count(query)
  return <span data-testid="media">{String(useMediaQuery(query, initial))}</span>
}

/** A matchMedia whose answers the test sets and changes, calling the page's listeners. */
function fakeMatchMedia(answers: Record<string, boolean>) {
  const listeners = new Map<string, Set<() => void>>()
  const listenersOf = (query: string) => listeners.get(query) ?? new Set()
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return answers[query] ?? false
    },
    media: query,
    addEventListener: (_: string, listener: () => void) =>
      listeners.set(query, listenersOf(query).add(listener)),
    removeEventListener: (_: string, listener: () => void) => listenersOf(query).delete(listener),
  }))
  return {
    change(query: string, value: boolean) {
      answers[query] = value
      act(() => listenersOf(query).forEach((listener) => listener()))
    },
    listening: (query: string) => listenersOf(query).size > 0,
  }
}

afterEach(() => {
  renders.clear()
  vi.unstubAllGlobals()
})

describe('useId in place of Mantine’s', () => {
  it('gives each component its own id at the first render, and renders once', () => {
    render(
      <>
        <IdProbe name="a" />
        <IdProbe name="b" />
      </>,
    )
    const a = screen.getByTestId('a').id
    const b = screen.getByTestId('b').id
    expect(a).toMatch(/^mantine-[^:]+$/)
    expect(b).toMatch(/^mantine-[^:]+$/)
    expect(a).not.toBe(b)
    expect(renders.get('a')).toBe(1)
    expect(renders.get('b')).toBe(1)
  })

  it('keeps the id across renders and honours an id given by the caller', () => {
    const { rerender } = render(<IdProbe name="a" />)
    const first = screen.getByTestId('a').id
    rerender(<IdProbe name="a" />)
    expect(screen.getByTestId('a').id).toBe(first)
    rerender(<IdProbe name="a" staticId="owner-select" />)
    expect(screen.getByTestId('a').id).toBe('owner-select')
  })
})

describe('useMediaQuery in place of Mantine’s', () => {
  const QUERY = '(prefers-reduced-motion: reduce)'

  it('answers at the first render and renders once', () => {
    fakeMatchMedia({ [QUERY]: true })
    render(<MediaProbe query={QUERY} />)
    expect(screen.getByTestId('media')).toHaveTextContent('true')
    expect(renders.get(QUERY)).toBe(1)
  })

  it('follows changes of the query, and stops listening when unmounted', () => {
    const media = fakeMatchMedia({ [QUERY]: false })
    const { unmount } = render(<MediaProbe query={QUERY} />)
    expect(screen.getByTestId('media')).toHaveTextContent('false')
    media.change(QUERY, true)
    expect(screen.getByTestId('media')).toHaveTextContent('true')
    unmount()
    expect(media.listening(QUERY)).toBe(false)
  })

  it('falls back to the initial value, then false, where there is no answer', () => {
    vi.stubGlobal('matchMedia', undefined)
    const { rerender } = render(<MediaProbe query={QUERY} initial />)
    expect(screen.getByTestId('media')).toHaveTextContent('true')
    rerender(<MediaProbe query={QUERY} />)
    expect(screen.getByTestId('media')).toHaveTextContent('false')
    // An invalid query, as Mantine's version answers it.
    vi.stubGlobal('matchMedia', () => {
      throw new SyntaxError('not a media query')
    })
    rerender(<MediaProbe query="not a query" initial />)
    expect(screen.getByTestId('media')).toHaveTextContent('true')
  })
})
