/**
 * One 'abort' listener per AbortSignal, fanned out to any number of subscribers. A download job
 * or an offline sync hands the same signal to hundreds of queued requests; giving each its own
 * listener trips Node's MaxListeners warning (a leak signal we want to keep meaningful) and makes
 * every abort walk a long listener list inside the EventTarget.
 */
const subscribers = new WeakMap<AbortSignal, Set<() => void>>()

function dispatch(signal: AbortSignal): void {
  const set = subscribers.get(signal)
  subscribers.delete(signal)
  for (const listener of set ?? []) listener()
}

/** Calls `listener` once when `signal` aborts; returns a function that unsubscribes. */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  let set = subscribers.get(signal)
  if (set === undefined) {
    set = new Set()
    subscribers.set(signal, set)
    signal.addEventListener('abort', () => dispatch(signal), { once: true })
  }
  // Wrap so the same function subscribed twice still counts as two subscriptions.
  const entry = (): void => listener()
  set.add(entry)
  return () => {
    subscribers.get(signal)?.delete(entry)
  }
}
