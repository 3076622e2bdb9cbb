import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createMemoryCipher } from './memory-cipher'
import { createPassphraseCipher } from './passphrase-cipher'
import { openVault, type NewStoredToken } from './vault'
import { VAULT_FILE_NAME } from './vault-file'

const RAW = 'nomad_pat_Zr3u1x8C0cM2l9Kq5vXW7yTt4bNn6hHsS1aA2dDfF3g'
const PASSPHRASE = 'correct horse battery'

const pat = (overrides: Partial<NewStoredToken> = {}): NewStoredToken => ({
  name: 'laptop notebook',
  kind: 'pat',
  scopes: ['uploads:read', 'entries:read'],
  expiresAt: '2030-01-01T00:00:00.000Z',
  serverTokenId: '65f1aa0000000000000000aa',
  raw: RAW,
  ...overrides,
})

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-vault-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const openWithPassphrase = (passphrase = PASSPHRASE) =>
  openVault({ dataDir: dir, cipher: createPassphraseCipher(), passphrase })

/** Every file under `root`, recursively, as bytes. */
function allFiles(root: string): { path: string; bytes: Buffer }[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((item) => {
    const path = join(root, item.name)
    return item.isDirectory() ? allFiles(path) : [{ path, bytes: readFileSync(path) }]
  })
}

describe('token vault (passphrase cipher)', () => {
  it('round-trips a token through the file and a fresh process', async () => {
    const vault = await openWithPassphrase()
    const stored = await vault.add('sandbox', pat(), { activate: true })
    expect(stored).toMatchObject({ name: 'laptop notebook', persisted: true, kind: 'pat' })
    expect(vault.active('sandbox')?.raw).toBe(RAW)

    const again = await openWithPassphrase()
    const { activeId, tokens } = again.list('sandbox')
    expect(activeId).toBe(stored.id)
    expect(tokens).toHaveLength(1)
    expect(tokens[0]).toMatchObject({
      id: stored.id,
      scopes: ['uploads:read', 'entries:read'],
      expiresAt: '2030-01-01T00:00:00.000Z',
      serverTokenId: '65f1aa0000000000000000aa',
    })
    expect(await again.reveal('sandbox', stored.id)).toBe(RAW)
    expect(again.active('sandbox')?.raw).toBe(RAW)
  })

  it('writes the file with mode 0600', async () => {
    const vault = await openWithPassphrase()
    await vault.add('sandbox', pat(), { activate: false })
    if (process.platform !== 'win32')
      expect(statSync(join(dir, VAULT_FILE_NAME)).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('refuses a wrong passphrase and stays locked, with the metadata still listed', async () => {
    const first = await openWithPassphrase()
    await first.add('sandbox', pat(), { activate: true })

    const locked = await openVault({ dataDir: dir, cipher: createPassphraseCipher() })
    expect(locked.state()).toMatchObject({ cipherStatus: 'locked', persistence: 'locked' })
    expect(locked.list('sandbox').tokens).toHaveLength(1)
    expect(locked.active('sandbox')?.raw).toBeUndefined()
    const refusal = await locked.unlock('not the passphrase').catch((e: unknown) => e)
    expect(refusal).toMatchObject({ code: 'vault_locked' })
    expect((refusal as AppError).message).toMatch(/Wrong passphrase/)
    expect(locked.state().cipherStatus).toBe('locked')
    await expect(
      locked.reveal('sandbox', locked.list('sandbox').tokens[0]!.id),
    ).rejects.toMatchObject({
      code: 'vault_locked',
    })
    await expect(locked.add('sandbox', pat(), { activate: false })).rejects.toMatchObject({
      code: 'vault_locked',
    })

    await locked.unlock(PASSPHRASE)
    expect(locked.active('sandbox')?.raw).toBe(RAW)
  })

  it('refuses a wrong passphrase given at start (environment variable)', async () => {
    await (await openWithPassphrase()).add('sandbox', pat(), { activate: false })
    await expect(openWithPassphrase('wrong passphrase!')).rejects.toMatchObject({
      code: 'vault_locked',
    })
  })

  it('detects a tampered value instead of returning garbage or nothing', async () => {
    const vault = await openWithPassphrase()
    const stored = await vault.add('sandbox', pat(), { activate: false })
    const path = join(dir, VAULT_FILE_NAME)
    const file = JSON.parse(readFileSync(path, 'utf8')) as {
      servers: Record<string, { records: { ciphertext: string }[] }>
    }
    const record = file.servers.sandbox!.records[0]!
    const bytes = Buffer.from(record.ciphertext, 'base64')
    bytes.writeUInt8(bytes.readUInt8(20) ^ 0xff, 20)
    record.ciphertext = bytes.toString('base64')
    writeFileSync(path, JSON.stringify(file))

    const reopened = await openWithPassphrase()
    const error = await reopened.reveal('sandbox', stored.id).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).message).toMatch(
      /stored value of “laptop notebook” could not be decrypted .*changed outside the app/,
    )
    expect(reopened.get('sandbox', stored.id)?.problem).toMatch(/changed outside the app/)
  })

  it('detects edited metadata (an expiry moved, a value moved to another entry)', async () => {
    const vault = await openWithPassphrase()
    const a = await vault.add('sandbox', pat({ name: 'a' }), { activate: false })
    const b = await vault.add('sandbox', pat({ name: 'b', raw: `${RAW}B` }), { activate: false })
    const path = join(dir, VAULT_FILE_NAME)
    type File = {
      servers: Record<string, { records: { id: string; ciphertext: string; expiresAt: string }[] }>
    }
    const original = readFileSync(path, 'utf8')

    const moved = JSON.parse(original) as File
    moved.servers.sandbox!.records[0]!.expiresAt = '2099-01-01T00:00:00.000Z'
    writeFileSync(path, JSON.stringify(moved))
    await expect((await openWithPassphrase()).reveal('sandbox', a.id)).rejects.toThrow(
      /scopes, kind or expiry were edited/,
    )

    const swapped = JSON.parse(original) as File
    const [first, second] = swapped.servers.sandbox!.records as [
      File['servers'][string]['records'][number],
      File['servers'][string]['records'][number],
    ]
    ;[first.ciphertext, second.ciphertext] = [second.ciphertext, first.ciphertext]
    writeFileSync(path, JSON.stringify(swapped))
    await expect((await openWithPassphrase()).reveal('sandbox', b.id)).rejects.toThrow(
      /belongs to another entry/,
    )
  })

  it('refuses to load a damaged file and never overwrites it', async () => {
    const path = join(dir, VAULT_FILE_NAME)
    writeFileSync(path, '{"format": "nomad-desktop-vault", "version": 1, "cipher": ')
    const vault = await openVault({ dataDir: dir, cipher: createPassphraseCipher() })
    expect(vault.state().loadError).toMatch(/is damaged \(not valid JSON\)/)
    expect(vault.state().persistence).toBe('memory')
    await expect(vault.unlock(PASSPHRASE)).rejects.toMatchObject({ code: 'unavailable' })
    expect(readFileSync(path, 'utf8')).toBe(
      '{"format": "nomad-desktop-vault", "version": 1, "cipher": ',
    )
  })

  it('rotation replaces the stored value, keeps the entry and updates its server id and expiry', async () => {
    const vault = await openWithPassphrase()
    const stored = await vault.add('sandbox', pat(), { activate: true })
    const next = 'nomad_pat_NEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWN'
    const replaced = await vault.replaceValue('sandbox', stored.id, {
      raw: next,
      serverTokenId: '65f1bb0000000000000000bb',
      expiresAt: '2031-01-01T00:00:00.000Z',
      scopes: stored.scopes,
    })
    expect(replaced).toMatchObject({ id: stored.id, serverTokenId: '65f1bb0000000000000000bb' })
    expect(vault.active('sandbox')?.raw).toBe(next)

    const reopened = await openWithPassphrase()
    expect(await reopened.reveal('sandbox', stored.id)).toBe(next)
    expect(reopened.findByServerTokenId('sandbox', '65f1aa0000000000000000aa')).toBeUndefined()
    expect(readFileSync(join(dir, VAULT_FILE_NAME), 'utf8')).not.toContain(RAW)
  })

  it('a replacement the disk refuses leaves entry, active value and file as they were', async () => {
    const vault = await openWithPassphrase()
    const stored = await vault.add('sandbox', pat(), { activate: true })
    // A directory where the file must be renamed to: the write fails for real (even as root).
    const file = join(dir, VAULT_FILE_NAME)
    const before = readFileSync(file)
    rmSync(file)
    mkdirSync(file)
    const next = { raw: `${RAW}new`, serverTokenId: 'b'.repeat(24), expiresAt: null, scopes: [] }
    await expect(vault.replaceValue('sandbox', stored.id, next)).rejects.toThrow(/EISDIR/)
    expect(vault.get('sandbox', stored.id)).toMatchObject({ serverTokenId: stored.serverTokenId })
    expect(vault.active('sandbox')?.raw).toBe(RAW)
    rmSync(file, { recursive: true })
    writeFileSync(file, before)
    expect(await (await openWithPassphrase()).reveal('sandbox', stored.id)).toBe(RAW)
  })

  it('an activating add the disk refuses keeps the previously active token active', async () => {
    const vault = await openWithPassphrase()
    const first = await vault.add('sandbox', pat(), { activate: true })
    const file = join(dir, VAULT_FILE_NAME)
    const before = readFileSync(file)
    rmSync(file)
    mkdirSync(file)
    await expect(
      vault.add('sandbox', pat({ raw: `${RAW}second` }), { activate: true }),
    ).rejects.toThrow(/EISDIR/)
    expect(vault.active('sandbox')).toMatchObject({ token: { id: first.id }, raw: RAW })
    expect(vault.list('sandbox').activeId).toBe(first.id)
    rmSync(file, { recursive: true })
    writeFileSync(file, before)
  })

  it('leaves neither the raw token nor its base64 forms anywhere in the data folder', async () => {
    const vault = await openWithPassphrase()
    await vault.add('sandbox', pat(), { activate: true })
    await vault.add('other', pat({ raw: `${RAW}x`, kind: 'app-token' }), { activate: true })
    const forbidden = [
      RAW,
      Buffer.from(RAW).toString('base64'),
      Buffer.from(RAW).toString('base64url'),
      // The secret part alone, in case some layer strips the prefix.
      RAW.slice('nomad_pat_'.length),
      Buffer.from(RAW.slice('nomad_pat_'.length)).toString('base64'),
      Buffer.from(PASSPHRASE).toString('base64'),
      PASSPHRASE,
    ]
    const files = allFiles(dir)
    expect(files.length).toBeGreaterThan(0)
    for (const { path, bytes } of files) {
      const text = bytes.toString('latin1')
      for (const secret of forbidden)
        expect(text.includes(secret), `${secret} in ${path}`).toBe(false)
    }
  })

  it('removes entries and clears the active one', async () => {
    const vault = await openWithPassphrase()
    const stored = await vault.add('sandbox', pat(), { activate: true })
    await vault.remove('sandbox', stored.id)
    expect(vault.list('sandbox')).toEqual({ activeId: null, tokens: [] })
    expect(vault.active('sandbox')).toBeUndefined()
    expect((await openWithPassphrase()).list('sandbox').tokens).toEqual([])
  })
})

describe('token vault (OS cipher)', () => {
  it('stores on disk when the OS protects the key and records the backend', async () => {
    const cipher = createMemoryCipher({ backend: 'gnome_libsecret' })
    const vault = await openVault({ dataDir: dir, cipher })
    await vault.add('sandbox', pat(), { activate: true })
    const file = JSON.parse(readFileSync(join(dir, VAULT_FILE_NAME), 'utf8')) as {
      cipher: unknown
    }
    expect(file.cipher).toEqual({ kind: 'os', backend: 'gnome_libsecret' })
    expect(vault.state()).toMatchObject({ persistence: 'disk', cipherStatus: 'os-protected' })
  })

  it('keeps values in memory with Linux basic_text until the user opts in, and back', async () => {
    const cipher = createMemoryCipher({ status: 'plaintext-basic', backend: 'basic_text' })
    const vault = await openVault({ dataDir: dir, cipher })
    expect(vault.state().persistence).toBe('memory')
    const stored = await vault.add('sandbox', pat(), { activate: true })
    expect(stored.persisted).toBe(false)
    expect(vault.active('sandbox')?.raw).toBe(RAW)
    expect(readdirSync(dir)).toEqual([])

    await vault.setUnprotected(true)
    expect(vault.get('sandbox', stored.id)?.persisted).toBe(true)
    expect(readFileSync(join(dir, VAULT_FILE_NAME), 'utf8')).toContain('"unprotected": true')

    await vault.setUnprotected(false)
    expect(vault.get('sandbox', stored.id)?.persisted).toBe(false)
    expect(vault.active('sandbox')?.raw).toBe(RAW)
    const file = readFileSync(join(dir, VAULT_FILE_NAME), 'utf8')
    expect(file).not.toContain('ciphertext')
  })

  it('does not open a vault written by the other kind of cipher, and never overwrites it', async () => {
    await (await openWithPassphrase()).add('sandbox', pat(), { activate: false })
    const before = readFileSync(join(dir, VAULT_FILE_NAME), 'utf8')
    const vault = await openVault({ dataDir: dir, cipher: createMemoryCipher() })
    expect(vault.state()).toMatchObject({ foreignKind: 'passphrase', persistence: 'memory' })
    await vault.add('sandbox', pat(), { activate: true })
    expect(readFileSync(join(dir, VAULT_FILE_NAME), 'utf8')).toBe(before)
  })

  it('warns when the OS key store backend changed since the vault was created', async () => {
    await (
      await openVault({ dataDir: dir, cipher: createMemoryCipher({ backend: 'kwallet5' }) })
    ).add('sandbox', pat(), { activate: false })
    const vault = await openVault({
      dataDir: dir,
      cipher: createMemoryCipher({ backend: 'gnome_libsecret' }),
    })
    expect(vault.state().backendChanged).toEqual({ was: 'kwallet5', now: 'gnome_libsecret' })
  })
})
