import type { SandboxCore } from '../../test-support/sandbox-core'

/** Waits until a pin is no longer running and answers it as listed (tests only). */
export async function settledPin(env: SandboxCore, pinId: string) {
  for (let i = 0; i < 200; i++) {
    const { pins } = await env.call('offline.list', {})
    const pin = pins.find((p) => p.pinId === pinId)
    if (pin && pin.state !== 'pinning') return pin
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`pin ${pinId} did not settle`)
}

/** The first `pageSize` entries of everything visible, in entry id order (tests only). */
export function firstEntries(env: SandboxCore, pageSize: number) {
  return env.call('search.page', {
    serverId: env.serverId,
    owner: 'visible',
    query: {},
    columns: [],
    orderBy: 'entry_id',
    order: 'asc',
    pageSize,
    after: null,
    lane: 'interactive',
  })
}
