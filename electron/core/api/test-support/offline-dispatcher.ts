import { buildConnector, type Dispatcher } from 'undici'
import { isLoopbackHost } from '../credential-guard'
import { createHttpDispatcher } from '../../network/http-adapter'

function unknownHost(hostname: string): Error {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    hostname,
  })
}

/**
 * A dispatcher whose every connection fails like an unknown host (ENOTFOUND, not retried), so
 * unit tests of core never touch the network and never wait for a DNS timeout.
 */
export function createOfflineDispatcher(): Dispatcher {
  return createHttpDispatcher({
    connect: (options, callback) => callback(unknownHost(options.hostname), null),
  })
}

/** Connects to this computer (a test's sandbox) only; every other host is "unknown". */
export function createLoopbackOnlyDispatcher(): Dispatcher {
  const connect = buildConnector({})
  return createHttpDispatcher({
    connect: (options, callback) => {
      if (isLoopbackHost(options.hostname)) connect(options, callback)
      else callback(unknownHost(options.hostname), null)
    },
  })
}
