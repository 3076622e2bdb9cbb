import { AppError } from '../../../shared/errors'
import type { IpcClient } from '../../ipc/client'
import type { SignInPromptStore } from './prompt-store'

/** Channels that never trigger the prompt: sign-in itself, and checks whose answer is the point. */
const NO_PROMPT = /^auth\./

/**
 * Wraps the IPC client so that any call failing with auth_required asks the user to sign in
 * (calmly, once for all calls failing together) and then runs the call again. Cancelling the
 * prompt surfaces the original error; a second auth_required after sign-in is surfaced as is.
 * After a deliberate sign-out the failures it causes are surfaced as they are: signing out is
 * not "your session ended" (the prompt learns of it from 'auth.changed').
 */
export function withReauth(
  client: IpcClient,
  prompt: Pick<SignInPromptStore, 'requestForFailedCall' | 'authChanged'>,
): IpcClient {
  // Lives as long as the client (the app's lifetime).
  client.subscribe('auth.changed', (status) => prompt.authChanged(status))
  return {
    transport: client.transport,
    subscribe: (event, listener) => client.subscribe(event, listener),
    async invoke(channel, input, options) {
      try {
        return await client.invoke(channel, input, options)
      } catch (error) {
        if (
          !(error instanceof AppError) ||
          error.code !== 'auth_required' ||
          NO_PROMPT.test(channel) ||
          options?.signal?.aborted
        )
          throw error
        if (!(await prompt.requestForFailedCall(error))) throw error
        return client.invoke(channel, input, options)
      }
    },
  }
}
