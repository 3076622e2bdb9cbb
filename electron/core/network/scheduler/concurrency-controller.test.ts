import { describe, expect, it } from 'vitest'
import { ConcurrencyController, DEFAULT_CONCURRENCY_CONFIG } from './concurrency-controller'

describe('ConcurrencyController', () => {
  it('starts at 4 and keeps one slot for interactive requests', () => {
    const c = new ConcurrencyController()
    expect(c.limit).toBe(4)
    expect(c.capFor('interactive')).toBe(4)
    expect(c.capFor('background')).toBe(3)
  })

  it('adds one slot per window of saturated successes, never beyond 10', () => {
    const c = new ConcurrencyController()
    for (let i = 0; i < 3; i++) c.onSuccess(i, true)
    expect(c.limit).toBe(4)
    expect(c.onSuccess(3, true)).toBe(true)
    expect(c.limit).toBe(5)
    for (let i = 0; i < 10; i++) c.onSuccess(10, false)
    expect(c.limit).toBe(5)
    for (let i = 0; i < 1000; i++) c.onSuccess(20, true)
    expect(c.limit).toBe(10)
    expect(c.capFor('background')).toBe(9)
  })

  it('cuts ×0.75 only when the pipe was full, once per window, never below 2', () => {
    const c = new ConcurrencyController(undefined, 8)
    expect(c.onThrottle(100, 90, 5, 7)).toBe(false) // pipe not full: a rate throttle
    expect(c.limit).toBe(8)
    expect(c.onThrottle(100, 90, 7, 7)).toBe(true)
    expect(c.limit).toBe(6)
    expect(c.onThrottle(110, 95, 7, 7)).toBe(false) // sent before the cut
    for (let t = 200; t < 2000; t += 100) c.onThrottle(t, t, 10, 2)
    expect(c.limit).toBe(2)
    expect(c.capFor('background')).toBe(1)
  })

  it('holds growth below a connection limit for 30 s when 6 or more were in flight', () => {
    const c = new ConcurrencyController(undefined, 10)
    c.onThrottle(1000, 990, 9, 9) // the server refused our 9th concurrent request
    expect(c.limit).toBe(7)
    for (let i = 0; i < 100; i++) c.onSuccess(2000, true)
    expect(c.limit).toBe(8)
    for (let i = 0; i < 100; i++) c.onSuccess(31_001, true)
    expect(c.limit).toBe(10)
  })

  it('never allows more than 10 in flight, even when configured higher', () => {
    const c = new ConcurrencyController({ ...DEFAULT_CONCURRENCY_CONFIG, ceiling: 32 }, 32)
    expect(c.limit).toBe(10)
    for (let i = 0; i < 1000; i++) c.onSuccess(0, true)
    expect(c.limit).toBe(10)
  })

  it('clamps a learned value into [2, 10]', () => {
    expect(new ConcurrencyController(undefined, 64).limit).toBe(10)
    expect(new ConcurrencyController(undefined, 1).limit).toBe(2)
  })
})
