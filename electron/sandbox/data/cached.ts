/**
 * The value cached under `key`, made on the first ask. The sandbox's generator looks up several
 * shared parts per entry (100 000 times at start), so its callers pass number keys computed from
 * small indexes. Building and hashing a template-string key per lookup cost about a fifth of
 * the start.
 */
export function cached<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key)
  if (value === undefined) {
    value = make()
    cache.set(key, value)
  }
  return value
}
