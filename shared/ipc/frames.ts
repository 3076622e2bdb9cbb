import { z } from 'zod'
import { hasLoneSurrogate } from '../api/json-bounds'
import { CALL_ID_MAX } from './bridge'
import type { IpcResult } from './result'

/**
 * The wire protocol shared by Electron IPC and the web host's WebSocket. One call is an invoke
 * frame answered by exactly one reply frame with the same id; a cancel frame aborts the call's
 * AbortSignal in the handler (the reply then carries code 'cancelled'); events are pushed.
 */
/** Text that survives UTF-8 encoding: no unpaired UTF-16 surrogates. */
const wellFormed = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => !hasLoneSurrogate(text), { error: 'holds an unpaired UTF-16 surrogate' })

export const invokeFrameSchema = z.strictObject({
  id: wellFormed(CALL_ID_MAX),
  channel: wellFormed(200),
  input: z.unknown(),
})
export type InvokeFrame = z.infer<typeof invokeFrameSchema>

export const cancelFrameSchema = z.strictObject({
  cancel: wellFormed(CALL_ID_MAX),
})
export type CancelFrame = z.infer<typeof cancelFrameSchema>

export interface ReplyFrame {
  id: string
  result: IpcResult<unknown>
}

export interface EventFrame {
  event: string
  payload: unknown
}
