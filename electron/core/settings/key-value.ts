/**
 * The settings storage port. electron/main implements it with electron-store, the web host and
 * tests with conf (same options, see store-options.ts) or memory. Values are plain JSON.
 */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

/** An in-memory store for tests; `data` is exposed so tests can seed or inspect it. */
export function createMemoryStore(
  initial: Record<string, unknown> = {},
): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>(Object.entries(initial))
  return {
    data,
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
  }
}
