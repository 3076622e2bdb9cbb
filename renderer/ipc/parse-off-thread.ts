/**
 * JSON.parse in a Web Worker, for ws-transport's big frames. One worker for the window, started
 * on the first big frame; `undefined` where there are no workers (jsdom), and the transport then
 * parses in place.
 */
export function createParseOffThread(): ((text: string) => Promise<unknown>) | undefined {
  if (typeof Worker === 'undefined') return undefined
  let worker: Worker | undefined
  let next = 0
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  return (text) => {
    worker ??= new Worker(new URL('./json-parse-worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<{ id: number; ok: boolean; value?: unknown }>) => {
      const { id, ok, value } = event.data
      const call = waiting.get(id)
      waiting.delete(id)
      if (ok) call?.resolve(value)
      else call?.reject(new Error('not JSON'))
    }
    worker.onerror = () => {
      for (const call of waiting.values()) call.reject(new Error('the JSON worker failed'))
      waiting.clear()
      worker = undefined
    }
    const id = next++
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject })
      worker?.postMessage({ id, text })
    })
  }
}
