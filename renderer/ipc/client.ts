import { AppError } from '../../shared/errors'
import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventName,
  EventPayload,
} from '../../shared/ipc/contract'
import type { Transport } from './transport'

export interface InvokeOptions {
  /** Aborting sends a cancel frame; the promise rejects at once with code 'cancelled'. */
  signal?: AbortSignal
}

/** The typed face of IPC for screens: channel names, inputs and outputs come from the contract. */
export interface IpcClient {
  readonly transport: Transport
  invoke<C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
    options?: InvokeOptions,
  ): Promise<ChannelOutput<C>>
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

const cancelled = () => new AppError('cancelled', 'The request was cancelled.')

export function createIpcClient(transport: Transport): IpcClient {
  let counter = 0
  // Distinct per page load, so ids never collide with calls from a previous page in the same
  // host session (the host keys in-flight calls by id per connection).
  const prefix = Math.random().toString(36).slice(2, 8)

  return {
    transport,
    invoke(channel, input, options = {}) {
      const { signal } = options
      if (signal?.aborted) return Promise.reject(cancelled())
      const callId = `${prefix}-${++counter}`
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          transport.cancel(callId)
          reject(cancelled())
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        transport.invoke(channel, input, callId).then(
          (result) => {
            signal?.removeEventListener('abort', onAbort)
            if (result.ok) resolve(result.value as ChannelOutput<typeof channel>)
            else reject(new AppError(result.error.code, result.error.message, result.error.details))
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort)
            reject(
              new AppError(
                'internal',
                `The call to ${channel} failed in transport: ${error instanceof Error ? error.message : String(error)}`,
              ),
            )
          },
        )
      })
    },
    subscribe(event, listener) {
      return transport.subscribe(event, (payload) =>
        listener(payload as EventPayload<typeof event>),
      )
    },
  }
}
