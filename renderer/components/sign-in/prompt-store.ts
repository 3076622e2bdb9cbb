import type { AppError } from '../../../shared/errors'

/**
 * The one sign-in prompt of the app, outside React so the IPC client can ask for it: a request
 * opens the modal (or joins the one already open) and resolves true after a successful sign-in,
 * false when the user cancels.
 */
export interface SignInRequest {
  /** Why sign-in is needed: the failed call's error (re-sign-in), or null (the user asked). */
  reason: AppError | null
}

// Function-valued properties rather than methods: they are passed around unbound.
export interface SignInPromptStore {
  request: (reason: AppError | null) => Promise<boolean>
  /** The open request, or null; for useSyncExternalStore. */
  current: () => SignInRequest | null
  subscribe: (listener: () => void) => () => void
  /** Called by the modal. */
  settle: (signedIn: boolean) => void
}

export function createSignInPromptStore(): SignInPromptStore {
  let open: {
    request: SignInRequest
    done: Promise<boolean>
    resolve: (ok: boolean) => void
  } | null = null
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  return {
    request(reason) {
      // Several calls failing together (a screen's queries) share one prompt.
      if (open) return open.done
      let resolve: (ok: boolean) => void = () => undefined
      const done = new Promise<boolean>((r) => (resolve = r))
      open = { request: { reason }, done, resolve }
      notify()
      return done
    },
    current: () => open?.request ?? null,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    settle(signedIn) {
      const settled = open
      open = null
      notify()
      settled?.resolve(signedIn)
    },
  }
}
