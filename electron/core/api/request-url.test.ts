import { describe, expect, it } from 'vitest'
import { isLoopbackHost } from './credential-guard'
import { buildUrl, filePath, segment } from './request-url'

describe('request URLs', () => {
  it('joins base and path, repeats array parameters and drops undefined ones', () => {
    const url = buildUrl('https://nomad-lab.eu/prod/v1/api/v1/', '/groups', {
      group_id: ['a', 'b'],
      user_id: undefined,
      include_entry_info: true,
      page_size: 10,
    })
    expect(url.href).toBe(
      'https://nomad-lab.eu/prod/v1/api/v1/groups?group_id=a&group_id=b&include_entry_info=true&page_size=10',
    )
  })

  it('encodes ids and file paths so they cannot leave their place in the path', () => {
    expect(segment('a/b?c')).toBe('a%2Fb%3Fc')
    expect(() => segment('..')).toThrow('".." is not a valid id.')
    expect(filePath('dir/sub dir/file #1.txt')).toBe('dir/sub%20dir/file%20%231.txt')
    expect(() => filePath('dir/../../etc')).toThrow('is not a path inside the upload')
  })
})

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.1', true],
    ['[::1]', true],
    ['sandbox.localhost', true],
    ['10.0.0.1', false],
    ['example.invalid', false],
    ['127.0.0.1.example.org', false],
  ])('%s → %s', (host, expected) => expect(isLoopbackHost(host)).toBe(expected))
})
