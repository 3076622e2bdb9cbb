/**
 * What a remembered route may be (settings' navigation.lastRoute): the hash route without '#',
 * encoded segments only, no spaces or control characters. Zod-free, so that the renderer's
 * entry can check a route without bringing zod and the settings schemas into its first chunk
 * (the settings schema builds its zod check from the same two constants).
 */
export const LAST_ROUTE_MAX_LENGTH = 4096
export const LAST_ROUTE_PATTERN = /^\/[!-~]*$/

export function isStorableRoute(route: string): boolean {
  return route.length <= LAST_ROUTE_MAX_LENGTH && LAST_ROUTE_PATTERN.test(route)
}
