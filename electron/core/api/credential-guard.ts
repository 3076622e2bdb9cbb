import { isIP } from 'node:net'
import { AppError } from '../../../shared/errors'
import type { Credential } from './credentials'

/** localhost, 127.0.0.0/8 and ::1: traffic that never leaves this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1'
  return false
}

/**
 * A bearer token over plain http can be read by anyone on the path (a café's Wi-Fi, a proxy),
 * so credentials only go over https or to this computer. Throws before anything is sent.
 */
export function assertMayAttach(url: URL, credential: Credential): void {
  if (url.protocol === 'https:' || isLoopbackHost(url.hostname)) return
  const what = credential.label ? `the token '${credential.label}'` : 'your credentials'
  throw new AppError(
    'forbidden',
    `Not sending ${what} to ${url.host}: the address uses unencrypted http, where anyone on the network could read it. Use the server's https address.`,
  )
}
