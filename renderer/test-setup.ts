import '@testing-library/jest-dom/vitest'
import { notifications } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy* and waitFor resolve as soon as their element appears; the default 1 s limit only
// bites when a lazy chunk (a dialog, a viewer) loads on a 2-core machine running the whole
// suite, which CI is. The 20 s test timeout (vitest.config.ts) still catches a real hang.
configure({ asyncUtilTimeout: 8000 })

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

// Mantine keeps notifications in a module-level store, and renderer files share one module graph
// per worker (isolate: false): a toast one file left would show up in the next file's
// <Notifications> (a stray Close button failed upload-actions' "no button" check in one order).
afterEach(() => {
  cleanup()
  notifications.clean()
})
