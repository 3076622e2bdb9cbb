import { z } from 'zod'
import { LAST_ROUTE_MAX_LENGTH, LAST_ROUTE_PATTERN } from './last-route'

/**
 * The user-editable settings as they cross IPC. The persisted document (with schemaVersion and
 * server profiles) lives in electron/core/settings; this is the part screens read and patch.
 * To add a setting: add it here and to the patch schema below, then add a migration in core.
 */
export const themeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof themeSchema>

/** Server id → the folder its last download went to (the planning dialog starts there). */
const lastDestinationsSchema = z.record(
  z.string().min(1).max(100),
  z.string().min(1, { error: 'A destination cannot be empty.' }).max(4096),
)

/**
 * The address (the hash route without '#', e.g. /archive/<server>/<entry>/<path>) the window
 * showed last, so a restart opens it again where the start URL carries none (the desktop app
 * always, web mode after a host restart). Encoded segments only: no spaces or control characters.
 */
export const lastRouteSchema = z
  .string()
  .max(LAST_ROUTE_MAX_LENGTH)
  .regex(LAST_ROUTE_PATTERN, { error: 'A route starts with / and holds no spaces.' })

export const userSettingsSchema = z.strictObject({
  appearance: z.strictObject({
    theme: themeSchema,
  }),
  /** Added without a version bump (optional): download preferences. */
  downloads: z.strictObject({ lastDestinations: lastDestinationsSchema }).optional(),
  /** Added without a version bump (optional): where the window was (see lastRouteSchema). */
  navigation: z.strictObject({ lastRoute: lastRouteSchema }).optional(),
})
export type UserSettings = z.infer<typeof userSettingsSchema>

/**
 * A validated deep-partial patch. Strict objects: a misspelt key is an error, not a silent no-op.
 * Written out by hand (zod's partial is shallow) so each setting's patch rule is explicit.
 */
export const userSettingsPatchSchema = z.strictObject({
  appearance: z
    .strictObject({
      theme: themeSchema.optional(),
    })
    .optional(),
  /** Merged per server: only the servers named change. */
  downloads: z
    .strictObject({
      lastDestinations: lastDestinationsSchema.optional(),
    })
    .optional(),
  navigation: z.strictObject({ lastRoute: lastRouteSchema }).optional(),
})
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>
