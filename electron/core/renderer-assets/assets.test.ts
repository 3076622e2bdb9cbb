import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentTypeFor, rendererCsp, resolveAssetPath } from './assets'

const root = resolve('/srv/renderer')

describe('resolveAssetPath', () => {
  it('maps / to index.html and plain paths below the root', () => {
    expect(resolveAssetPath(root, '/')).toBe(join(root, 'index.html'))
    expect(resolveAssetPath(root, '/assets/index-abc.js')).toBe(
      join(root, 'assets', 'index-abc.js'),
    )
    expect(resolveAssetPath(root, '/assets/a%20b.css')).toBe(join(root, 'assets', 'a b.css'))
  })

  it.each([
    '/../secret.txt',
    '/assets/../../etc/passwd',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/..%5csecret.txt',
    '/assets\\..\\..\\x',
    '/index.html%00.js',
    '/%E0%A4%A',
    '//etc/passwd/..',
  ])('refuses %s', (path) => {
    const resolved = resolveAssetPath(root, path)
    if (resolved !== null) expect(resolved.startsWith(root + '/')).toBe(true)
    else expect(resolved).toBeNull()
  })

  it('never escapes the root for traversal attempts', () => {
    expect(resolveAssetPath(root, '/../secret.txt')).toBeNull()
    expect(resolveAssetPath(root, '/%2e%2e/secret.txt')).toBeNull()
    expect(resolveAssetPath(root, '/..%5csecret.txt')).toBeNull()
  })
})

describe('contentTypeFor and rendererCsp', () => {
  it('knows the renderer build file types', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeFor('a.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeFor('x.woff2')).toBe('font/woff2')
    expect(contentTypeFor('unknown.bin')).toBe('application/octet-stream')
  })
  it('allows scripts only from self and adds extra connect sources', () => {
    const csp = rendererCsp(['ws://127.0.0.1:4000'])
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:4000")
    expect(csp).not.toContain('unsafe-eval')
  })
})
