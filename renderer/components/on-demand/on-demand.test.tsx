import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { onDemand } from './on-demand'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>Loading…</p>}>{node}</Suspense>

describe('onDemand', () => {
  it('renders a preloaded component in the first commit, without showing the fallback', async () => {
    const Lazy = onDemand(() => Promise.resolve({ Greeting }), 'Greeting')
    await Lazy.preload()
    render(inSuspense(<Lazy name="Ada" />))
    // React would otherwise hold a suspended boundary's reveal back (up to 300 ms).
    expect(screen.getByText('Hello Ada')).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).toBeNull()
  })

  it('suspends until a component that was not preloaded arrives, then shows it', async () => {
    let arrive: (module: { Greeting: typeof Greeting }) => void = () => undefined
    const Lazy = onDemand(
      () => new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve)),
      'Greeting',
    )
    render(inSuspense(<Lazy name="Grace" />))
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await act(() => {
      arrive({ Greeting })
      return Promise.resolve()
    })
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument()
  })

  it('keeps a mounted component (and its state) when the module arrives later', async () => {
    let arrive: (module: { Greeting: typeof Greeting }) => void = () => undefined
    const Lazy = onDemand(
      () => new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve)),
      'Greeting',
    )
    const { rerender } = render(inSuspense(<Lazy name="Grace" />))
    await act(() => {
      arrive({ Greeting })
      return Promise.resolve()
    })
    const first = await screen.findByText('Hello Grace')
    rerender(inSuspense(<Lazy name="Grace" />))
    expect(screen.getByText('Hello Grace')).toBe(first)
  })

  it('asks again for a module whose fetch failed', async () => {
    let calls = 0
    const Lazy = onDemand(() => {
      calls++
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Greeting })
    }, 'Greeting')
    await expect(Lazy.preload()).rejects.toThrow('offline')
    await Lazy.preload()
    render(inSuspense(<Lazy name="Ada" />))
    expect(screen.getByText('Hello Ada')).toBeInTheDocument()
    expect(calls).toBe(2)
  })
})
