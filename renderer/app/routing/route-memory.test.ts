import { createMemoryHistory } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { rememberRoutes, routeToRestore } from './route-memory'

const archive = '/archive/nomad-public/e1/%24.run[0].system[0]'

describe('routeToRestore', () => {
  it('restores the saved route when the window names none', () => {
    for (const hash of ['', '#', '#/']) expect(routeToRestore(hash, archive)).toBe(archive)
  })

  it('keeps an address the window already has, and ignores nothing or a malformed saved one', () => {
    expect(routeToRestore('#/uploads', archive)).toBeUndefined()
    expect(routeToRestore('', undefined)).toBeUndefined()
    expect(routeToRestore('', '/')).toBeUndefined()
    expect(routeToRestore('', 'http://evil.example/x')).toBeUndefined()
    expect(routeToRestore('', '/a b')).toBeUndefined()
  })
})

describe('rememberRoutes', () => {
  afterEach(() => vi.useRealTimers())

  it('saves the route once it has stayed put, the last of a quick series only', () => {
    vi.useFakeTimers()
    const history = createMemoryHistory()
    const saved: string[] = []
    const stop = rememberRoutes(history, (route) => saved.push(route), 500)
    history.push('/archive/s/e1/%24.run')
    history.replace('/archive/s/e1/%24.run[0]')
    vi.advanceTimersByTime(499)
    expect(saved).toEqual([])
    vi.advanceTimersByTime(1)
    expect(saved).toEqual(['/archive/s/e1/%24.run[0]'])
    history.push('/uploads')
    stop() // a change still waiting is saved when the app stops listening
    expect(saved).toEqual(['/archive/s/e1/%24.run[0]', '/uploads'])
    history.push('/groups')
    vi.advanceTimersByTime(1000)
    expect(saved).toHaveLength(2)
  })

  it('saves a waiting change at once when the page is hidden', () => {
    vi.useFakeTimers()
    const history = createMemoryHistory()
    const saved: string[] = []
    const stop = rememberRoutes(history, (route) => saved.push(route), 5000)
    history.push('/tokens')
    window.dispatchEvent(new Event('pagehide'))
    expect(saved).toEqual(['/tokens'])
    stop()
    expect(saved).toEqual(['/tokens'])
  })
})
