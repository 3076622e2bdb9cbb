/**
 * A path into an archive as JSONPath, on its own (no zod): the Search screen's entry drawer
 * links into the archive viewer with it, and importing it from the archive channel's module
 * would build that channel's schemas with the first screen.
 */

/** `$.run[0].system[0].atoms` (JSONPath); keys that are not identifiers in brackets. */
export function jsonPathOf(path: readonly (string | number)[]): string {
  let out = '$'
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (/^[A-Za-z_][\w]*$/.test(segment)) out += `.${segment}`
    else out += `[${JSON.stringify(segment)}]`
  }
  return out
}
