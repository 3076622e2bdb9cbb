import { AppError } from '../../../shared/errors'
import type { IpcClient } from '../../ipc/client'

/** Channels that never trigger the prompt: sign-in itself, and checks whose answer is the point. */
const NO_PROMPT = /^auth\./

/**
 * Wraps the IPC client so that any call failing with auth_required asks the user to sign in
 * (calmly, once for all calls failing together) and then runs the call again. Cancelling the
 * prompt surfaces the original error; a second auth_required after sign-in is surfaced as is.
 */
export function withReauth(
  client: IpcClient,
  askToSignIn: (reason: AppError) => Promise<boolean>,
): IpcClient {
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
        if (!(await askToSignIn(error))) throw error
        return client.invoke(channel, input, options)
      }
    },
  }
}
