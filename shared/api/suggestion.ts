import { z } from 'zod'

export const suggestion = z.looseObject({
  value: z.string(),
  weight: z.number().optional(),
})
export type Suggestion = z.infer<typeof suggestion>

/** POST /suggestions: suggestions per requested quantity name (dotted names are plain keys). */
export const suggestionsResponse = z.record(z.string(), z.array(suggestion))
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>
