/**
 * Runs `tasks` one per idle period, once `after` has resolved (the first screen committed, for
 * the app's prefetch), so that prefetching never competes with what the user is looking at.
 * Returns a cancel function.
 */
export function whenIdle(
  tasks: readonly (() => Promise<unknown>)[],
  after: Promise<unknown> = Promise.resolve(),
): () => void {
  let cancelled = false
  let handle: number | undefined
  const schedule = (index: number) => {
    const task = tasks[index]
    if (cancelled || !task) return
    const run = () => {
      // A failed prefetch is not an error: the chunk is fetched again when it is opened.
      void task()
        .catch(() => undefined)
        .finally(() => schedule(index + 1))
    }
    handle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: 2000 })
        : window.setTimeout(run, 50)
  }
  void after.then(() => schedule(0))
  return () => {
    cancelled = true
    if (handle === undefined) return
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle)
    else window.clearTimeout(handle)
  }
}
