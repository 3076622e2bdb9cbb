/**
 * Whose data a query searches (nomad-api-facts §2.1); the server validates it as this enum.
 * Zod-free, so that the Search screen's owner picker does not bring zod and the API's wire
 * schemas into the first screen (common.ts builds the zod enum from this list).
 */
export const OWNERS = ['public', 'visible', 'all', 'shared', 'user', 'staging', 'admin'] as const
export type Owner = (typeof OWNERS)[number]
