import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom lays nothing out: gives every element a box of `width` × `height` px for the tests of
 * the calling file, so virtual lists have a window to fill with rows.
 */
export function stubLayoutSize(width = 600, height = 480) {
  const sizes = {
    clientHeight: height,
    clientWidth: width,
    offsetHeight: height,
    offsetWidth: width,
  }
  const original = Object.fromEntries(
    Object.keys(sizes).map((key) => [
      key,
      Object.getOwnPropertyDescriptor(HTMLElement.prototype, key) ??
        Object.getOwnPropertyDescriptor(Element.prototype, key),
    ]),
  )
  beforeAll(() => {
    for (const [key, value] of Object.entries(sizes))
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value })
  })
  afterAll(() => {
    for (const [key, descriptor] of Object.entries(original))
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
  })
}
