import { getEventListeners } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { onAbort } from './abort-fanout'

describe('onAbort', () => {
  it('calls every subscriber once, through a single listener on the signal', () => {
    const controller = new AbortController()
    const calls: number[] = []
    for (let i = 0; i < 500; i += 1) onAbort(controller.signal, () => calls.push(i))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    controller.abort()
    controller.abort()
    expect(calls).toHaveLength(500)
  })

  it('does not call a subscriber that unsubscribed', () => {
    const controller = new AbortController()
    const kept = vi.fn()
    const dropped = vi.fn()
    onAbort(controller.signal, kept)
    const unsubscribe = onAbort(controller.signal, dropped)
    unsubscribe()
    controller.abort()
    expect(kept).toHaveBeenCalledOnce()
    expect(dropped).not.toHaveBeenCalled()
  })

  it('keeps signals apart', () => {
    const a = new AbortController()
    const b = new AbortController()
    const onA = vi.fn()
    const onB = vi.fn()
    onAbort(a.signal, onA)
    onAbort(b.signal, onB)
    a.abort()
    expect(onA).toHaveBeenCalledOnce()
    expect(onB).not.toHaveBeenCalled()
  })
})
