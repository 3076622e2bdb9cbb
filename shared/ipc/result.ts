import type { AppErrorData } from '../errors'

/** What every IPC call resolves to: handlers never rely on thrown errors crossing a boundary. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value })
export const fail = (error: AppErrorData): IpcResult<never> => ({ ok: false, error })
