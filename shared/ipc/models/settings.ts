import { z } from 'zod'

/**
 * The user-editable settings as they cross IPC. The persisted document (with schemaVersion and
 * server profiles) lives in electron/core/settings; this is the part screens read and patch.
 * To add a setting: add it here and to the patch schema below, then add a migration in core.
 */
export const themeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof themeSchema>

export const userSettingsSchema = z.strictObject({
  appearance: z.strictObject({
    theme: themeSchema,
  }),
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
})
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>
