/**
 * Runs async work strictly one after another: each piece starts once the previous one settled,
 * whether it succeeded or failed, so the vault's file writes never interleave.
 */
export function createSerialQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve()
  return (work) => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }
}
