import { describe, expect, it } from 'vitest'
import { checkServerUrl, isLoopbackHostname } from './server-url'

const accepted = (raw: string) => {
  const check = checkServerUrl(raw)
  if (!check.ok) throw new Error(`expected ${raw} to be accepted: ${check.message}`)
  return check.url
}
const refusal = (raw: string) => {
  const check = checkServerUrl(raw)
  if (check.ok) throw new Error(`expected ${raw} to be refused, got ${check.url}`)
  return check.message
}

describe('checkServerUrl', () => {
  it('accepts https API roots and normalises them', () => {
    expect(accepted('https://nomad-lab.eu/prod/v1/api/v1')).toBe(
      'https://nomad-lab.eu/prod/v1/api/v1',
    )
    expect(accepted('  https://NOMAD.Example.org:443/oasis/api/v1//  ')).toBe(
      'https://nomad.example.org/oasis/api/v1',
    )
    expect(accepted('https://oasis.example.org:8443/api/v2')).toBe(
      'https://oasis.example.org:8443/api/v2',
    )
  })

  it('allows plain http only for loopback hosts', () => {
    expect(accepted('http://localhost:8000/api/v1')).toBe('http://localhost:8000/api/v1')
    expect(accepted('http://127.0.0.1:9000/fairdi/nomad/latest/api/v1')).toBe(
      'http://127.0.0.1:9000/fairdi/nomad/latest/api/v1',
    )
    expect(accepted('http://[::1]:8000/api/v1')).toBe('http://[::1]:8000/api/v1')
    expect(refusal('http://nomad.example.org/api/v1')).toBe(
      'Plain http is only allowed for this computer (127.0.0.1, localhost); use https for nomad.example.org.',
    )
    expect(refusal('http://192.168.1.10/api/v1')).toContain('use https for 192.168.1.10')
  })

  it('names the problem for each kind of bad address', () => {
    expect(refusal('')).toContain("Enter the server's API address")
    expect(refusal('nomad.example.org/api/v1')).toBe(
      'Start the address with https://, e.g. https://nomad.example.org/api/v1',
    )
    expect(refusal('ftp://nomad.example.org/api/v1')).toContain('uses ftp:')
    expect(refusal('https://user:secret@nomad.example.org/api/v1')).toContain(
      'Remove the user name and password',
    )
    expect(refusal('https://nomad.example.org/api/v1?page=2')).toContain('Remove the query')
    expect(refusal('https://nomad.example.org/api/v1?')).toContain('Remove the query')
    expect(refusal('https://nomad.example.org/api/v1#top')).toContain('Remove the fragment')
    expect(refusal('https://nomad.example.org/prod/v1/gui')).toContain('ends with “/gui”')
    expect(refusal('https://nomad.example.org/')).toContain('e.g. https://nomad.example.org/api/v1')
    expect(refusal('https://exa mple.org/api/v1')).toContain('is not a valid web address')
  })
})

describe('isLoopbackHostname', () => {
  it('recognises 127.0.0.0/8, ::1 and localhost only', () => {
    expect(isLoopbackHostname('127.4.5.6')).toBe(true)
    expect(isLoopbackHostname('LOCALHOST')).toBe(true)
    expect(isLoopbackHostname('[::1]')).toBe(true)
    expect(isLoopbackHostname('128.0.0.1')).toBe(false)
    expect(isLoopbackHostname('localhost.example.org')).toBe(false)
    expect(isLoopbackHostname('127.0.0.1.example.org')).toBe(false)
  })
})
