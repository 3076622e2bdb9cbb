import type { Dispatcher } from 'undici'
import { createHttpDispatcher } from '../../net/http-adapter'

/**
 * A dispatcher whose every connection fails like an unknown host (ENOTFOUND, not retried), so
 * unit tests of core never touch the network and never wait for a DNS timeout.
 */
export function createOfflineDispatcher(): Dispatcher {
  return createHttpDispatcher({
    connect: (options, callback) => {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${options.hostname}`), {
        code: 'ENOTFOUND',
        hostname: options.hostname,
      })
      callback(error, null)
    },
  })
}
