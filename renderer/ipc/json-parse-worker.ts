/**
 * Parses a big frame of the web host's socket off the UI thread (ws-transport's
 * `parseOffThread`): "Copy value" of a large section arrives as megabytes of JSON text, and
 * parsing it in the window would freeze it for as long.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; text: string }>) => void) | null
  postMessage(message: { id: number; ok: boolean; value?: unknown }): void
}

scope.onmessage = (event) => {
  const { id, text } = event.data
  try {
    scope.postMessage({ id, ok: true, value: JSON.parse(text) as unknown })
  } catch {
    scope.postMessage({ id, ok: false })
  }
}
