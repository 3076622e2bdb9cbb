import type { AppError } from '../../../shared/errors'
import type { AuthStatus } from '../../../shared/ipc/channels/auth'

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
  /** The user asked (a button): always opens the prompt. */
  request: (reason: AppError | null) => Promise<boolean>
  /**
   * A call failed for want of a session: opens the prompt, unless the user signed out
   * deliberately and has not asked to sign in since (then resolves false without asking).
   */
  requestForFailedCall: (reason: AppError) => Promise<boolean>
  /** Fed every 'auth.changed': notes a deliberate sign-out, and a new sign-in. */
  authChanged: (status: AuthStatus) => void
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
  // Servers the user signed out of on purpose: calls failing there afterwards (the refetches
  // the sign-out itself causes) are expected, not "your session ended".
  const signedOut = new Set<string>()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  function request(reason: AppError | null) {
    // Several calls failing together (a screen's queries) share one prompt.
    if (open) return open.done
    let resolve: (ok: boolean) => void = () => undefined
    const done = new Promise<boolean>((r) => (resolve = r))
    open = { request: { reason }, done, resolve }
    notify()
    return done
  }
  return {
    request(reason) {
      signedOut.clear()
      return request(reason)
    },
    requestForFailedCall(reason) {
      return signedOut.size > 0 ? Promise.resolve(false) : request(reason)
    },
    authChanged(status) {
      // Core reports ended: null when the session was ended by the user (expiry and refusal
      // name themselves), and a session once signed in again.
      if (status.session === null && status.ended === null) signedOut.add(status.serverId)
      else signedOut.delete(status.serverId)
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
