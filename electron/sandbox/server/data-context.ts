import type { SandboxContext } from '../context'
import type { SandboxState } from '../state/sandbox-state'

/** What the data route modules get: the shared context plus the full state and the base path. */
export interface DataContext extends SandboxContext {
  state: SandboxState
  /** e.g. `/api/v1`; used for the URLs the real server puts into pagination responses. */
  basePath: string
}
