import { createElement, lazy, useState, type ComponentType } from 'react'

type PropsOf<C> = C extends ComponentType<infer P> ? P & object : never

/** A lazily loaded component that can also be fetched ahead of its first render. */
export type OnDemand<P> = ComponentType<P> & {
  /** Fetches (once) the module behind the component; a failed fetch may be retried. */
  preload: () => Promise<unknown>
}

/**
 * React.lazy for a named export: the module is fetched the first time the component renders, or
 * earlier through `preload()` (idle prefetch). Keeps heavy code out of the chunk that imports it.
 *
 * Once the module is in, a new mount renders its component directly. React.lazy alone would
 * suspend on the first render even then (its factory is a promise), and React holds back the
 * reveal of a suspended boundary for up to 300 ms after its fallback (FALLBACK_THROTTLE_MS): the
 * first screen, whose chunk was preloaded while 'app.startup' was on its way, waited ~300 ms for
 * nothing.
 */
export function onDemand<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): OnDemand<PropsOf<M[K]>> {
  type Props = PropsOf<M[K]>
  let pending: Promise<M> | undefined
  let loaded: ComponentType<Props> | undefined
  const once = (): Promise<M> =>
    (pending ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType<Props>
        return module
      },
      (error: unknown) => {
        // A chunk that failed to arrive (host restarting) is asked for again next time.
        pending = undefined
        throw error
      },
    ))
  const Lazy = lazy(async () => ({ default: (await once())[name] as ComponentType<Props> }))
  function OnDemandComponent(props: Props) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount it.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy)
    return createElement(Component, props)
  }
  return Object.assign(OnDemandComponent, { preload: once })
}
