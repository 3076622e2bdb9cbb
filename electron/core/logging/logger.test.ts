import { describe, expect, it } from 'vitest'
import { createLogger, createMemorySink, formatRecord } from './logger'
import { REDACTED, redactText, redactValue } from './redact'

const pat = `nomad_pat_${'A1b2C3d4E5'.repeat(4)}xyz`
const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl'

describe('redactText', () => {
  it('removes PATs, bearer tokens, JWTs, passwords and URL tokens', () => {
    const text = redactText(
      `Authorization: Bearer ${jwt} pat=${pat} login password=hunter2 url http://127.0.0.1:4000/?token=abc123&x=1 ${jwt}`,
    )
    expect(text).not.toContain(pat.slice(10))
    expect(text).not.toContain('eyJzdWIiOiJ1c2VyIn0')
    expect(text).not.toContain('hunter2')
    expect(text).not.toContain('abc123')
    expect(text).toContain(`Bearer ${REDACTED}`)
    expect(text).toContain(`nomad_pat_${REDACTED}`)
    expect(text).toContain('&x=1')
  })
  it('blanks secret-named keys inside JSON text', () => {
    const frame = JSON.stringify({
      id: '7',
      channel: 'vault.unlock',
      input: { passphrase: 'correct horse "battery" staple', serverId: 'x' },
      body: { password: 'hunter2', token: 'opaque-123', tokenName: 'laptop' },
    })
    const text = redactText(`frame ${frame}`)
    expect(text).not.toContain('battery')
    expect(text).not.toContain('hunter2')
    expect(text).not.toContain('opaque-123')
    expect(text).toContain(`"passphrase":"${REDACTED}","serverId":"x"`)
    expect(text).toContain(`"token":"${REDACTED}","tokenName":"laptop"`)
    expect(JSON.parse(text.slice('frame '.length))).toMatchObject({ channel: 'vault.unlock' })
  })
  it('leaves ordinary text alone', () => {
    const text = 'GET https://nomad-lab.eu/prod/v1/api/v1/info answered 200 in 120 ms'
    expect(redactText(text)).toBe(text)
    expect(redactText('token laptop-sync expired; basic setup done')).toBe(
      'token laptop-sync expired; basic setup done',
    )
    expect(redactText('Authorization: Basic YWRhOmh1bnRlcjI=')).toBe(
      `Authorization: Basic ${REDACTED}`,
    )
  })
})

describe('redactValue', () => {
  it('blanks secret-named keys at any depth and scans strings', () => {
    const value = redactValue({
      headers: { Authorization: `Bearer ${pat}`, accept: 'application/json' },
      body: { username: 'ada', password: 'hunter2' },
      list: [{ raw_token: pat }, `token ${pat}`],
    })
    expect(value).toEqual({
      headers: { Authorization: REDACTED, accept: 'application/json' },
      body: { username: 'ada', password: REDACTED },
      list: [{ raw_token: REDACTED }, `token nomad_pat_${REDACTED}`],
    })
  })
  it('serialises errors with redacted messages and survives cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    const out = redactValue({ error: new Error(`rejected ${pat}`), cyclic }) as {
      error: { message: string }
      cyclic: { self: unknown }
    }
    expect(out.error.message).toBe(`rejected nomad_pat_${REDACTED}`)
    expect(out.cyclic.self).toBe('[circular]')
  })
})

describe('createLogger', () => {
  it('names child loggers and redacts before the sink sees anything', () => {
    const sink = createMemorySink()
    const log = createLogger({ name: 'core', sink, now: () => new Date(0) }).child('servers')
    log.info(`probing with Bearer ${jwt}`, { headers: { authorization: 'Bearer x' } })
    expect(sink.records).toEqual([
      {
        time: '1970-01-01T00:00:00.000Z',
        level: 'info',
        name: 'core/servers',
        message: `probing with Bearer ${REDACTED}`,
        fields: { headers: { authorization: REDACTED } },
      },
    ])
    expect(formatRecord(sink.records[0]!)).toBe(
      `1970-01-01T00:00:00.000Z INFO  core/servers: probing with Bearer ${REDACTED} {"headers":{"authorization":"${REDACTED}"}}`,
    )
  })
  it('drops records below the configured level', () => {
    const sink = createMemorySink()
    const log = createLogger({ sink, level: 'warn' })
    log.info('quiet')
    log.warn('loud')
    expect(sink.records.map((r) => r.message)).toEqual(['loud'])
  })
})
