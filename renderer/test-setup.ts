import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Mantine reads these browser APIs, which jsdom does not implement.
if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function')
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (typeof window.HTMLElement.prototype.scrollIntoView !== 'function')
    window.HTMLElement.prototype.scrollIntoView = () => undefined
}

afterEach(() => cleanup())
