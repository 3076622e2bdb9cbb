import { z } from 'zod'
import { userSettingsPatchSchema, userSettingsSchema } from '../models/settings'

export const settingsChannels = {
  'settings.get': { input: z.strictObject({}), output: userSettingsSchema },
  /** Applies a validated deep-partial patch and returns the complete settings. */
  'settings.update': { input: userSettingsPatchSchema, output: userSettingsSchema },
} as const

export const settingsEvents = {
  /** Sent after every successful update, so other windows/tabs follow. */
  'settings.changed': { payload: userSettingsSchema },
} as const
