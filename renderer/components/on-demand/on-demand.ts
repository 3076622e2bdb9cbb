import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

type PropsOf<C> = C extends ComponentType<infer P> ? P : never

/** A lazily loaded component that can also be fetched ahead of its first render. */
export type OnDemand<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches (once) the module behind the component; a failed fetch may be retried. */
  preload: () => Promise<unknown>
}

/**
 * React.lazy for a named export: the module is fetched the first time the component renders, or
 * earlier through `preload()` (idle prefetch). Keeps heavy code out of the chunk that imports it.
 */
export function onDemand<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): OnDemand<PropsOf<M[K]>> {
  let pending: Promise<M> | undefined
  const once = (): Promise<M> =>
    (pending ??= load().catch((error: unknown) => {
      // A chunk that failed to arrive (host restarting) is asked for again next time.
      pending = undefined
      throw error
    }))
  const component = lazy(async () => ({
    default: (await once())[name] as ComponentType<PropsOf<M[K]>>,
  }))
  return Object.assign(component, { preload: once })
}
