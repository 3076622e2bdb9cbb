import { createContext, useContext } from 'react'
import type { JsonObject, Owner } from '../../../shared/api'

/** The search last run on a server (what Search's table shows): an export's entries. */
export interface CurrentSearch {
  owner: Owner
  query: JsonObject
}

/**
 * Where the viewer learns the current search of a server. The app provides it from Search's
 * session (a feature does not import a screen); without a provider there is none, and "Send to
 * Downloads" offers this entry only.
 */
export const CurrentSearchContext = createContext<(serverId: string) => CurrentSearch | undefined>(
  () => undefined,
)

export const useCurrentSearch = (serverId: string) => useContext(CurrentSearchContext)(serverId)
