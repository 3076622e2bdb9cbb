import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ArchiveAnswer } from '../../../shared/ipc/channels/archive'
import type { IpcResult } from '../../../shared/ipc/result'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { ArchiveViewer } from './archive-viewer'

const ENTRY = { serverId: 's1', entryId: 'e1', uploadId: 'u1', mainfile: 'a/b.out', title: 'TiO2' }

const TOP: ArchiveAnswer = {
  path: [],
  value: { metadata: null, run: [] },
  marks: [
    { kind: 'lazy', path: ['metadata'] },
    { kind: 'partial', path: ['run'], length: 1, items: 'section' },
  ],
}

type Handler = (input: { path: (string | number)[] }) => IpcResult<unknown>

function setup(archive: Handler, json?: Handler) {
  const fake = createFakeTransport({
    'archive.read': (input) => archive(input as { path: (string | number)[] }),
    ...(json ? { 'archive.json': (input) => json(input as { path: [] }) } : {}),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <ArchiveViewer entry={ENTRY} onClose={() => undefined} />
    </AppProviders>,
  )
  const paths = (channel: string) =>
    fake.calls
      .filter((c) => c.channel === channel)
      .map((c) => (c.input as { path: unknown[] }).path)
  return { paths }
}

const node = (path: string) =>
  screen.getAllByTestId('archive-node').find((el) => el.dataset.path === path)

// userEvent.setup() puts a clipboard stub on navigator; the viewer writes to it.
const clipboard = () => navigator.clipboard.readText()

describe('ArchiveViewer', () => {
  it('shows the top-level sections, loads one when opened, copies its path and value', async () => {
    const user = userEvent.setup()
    const { paths } = setup(({ path }) => {
      if (path.length === 0) return { ok: true, value: TOP }
      return {
        ok: true,
        value: { path, value: { entry_id: 'e1', comment: 'x'.repeat(3000) }, marks: [] },
      }
    })
    await waitFor(() => expect(node('metadata')).toBeDefined())
    expect(node('metadata')).toHaveTextContent('not loaded')
    expect(node('run')).toHaveTextContent('1 item')
    await user.click(node('metadata') as HTMLElement)
    await waitFor(() => expect(node('metadata/entry_id')).toBeDefined())
    expect(paths('archive.read')).toEqual([[], ['metadata']])

    await user.click(node('metadata/comment') as HTMLElement)
    const details = screen.getByTestId('archive-details')
    expect(within(details).getByTestId('archive-path')).toHaveTextContent('$.metadata.comment')
    // A long string is cut until asked for whole.
    expect(within(details).getByTestId('archive-value').textContent).toHaveLength(2001)
    await user.click(within(details).getByText('Show all 3,000 characters'))
    expect(within(details).getByTestId('archive-value').textContent).toHaveLength(3000)
    await user.click(within(details).getByTestId('copy-json-path'))
    expect(await clipboard()).toBe('$.metadata.comment')
    await user.click(within(details).getByTestId('copy-value'))
    await waitFor(() =>
      expect(within(details).getByTestId('copy-value')).toHaveTextContent('Copied'),
    )
    expect(await clipboard()).toBe(JSON.stringify('x'.repeat(3000), null, 2))
  })

  it('copies a partly loaded value through the server, and filters keys', async () => {
    const user = userEvent.setup()
    const { paths } = setup(
      ({ path }) =>
        path.length === 0
          ? { ok: true, value: TOP }
          : {
              ok: true,
              value: {
                path,
                value: { program: { name: 'VASP' }, calculation: [] },
                marks: [
                  {
                    kind: 'partial',
                    path: [...path, 'calculation'],
                    length: 900,
                    items: 'section',
                  },
                ],
              },
            },
      () => ({ ok: true, value: { text: '{"whole": true}' } }),
    )
    await waitFor(() => expect(node('run')).toBeDefined())
    await user.click(node('run') as HTMLElement)
    await user.click(node('run/0') as HTMLElement)
    await waitFor(() => expect(node('run/0/calculation')).toHaveTextContent('900 items'))
    expect(paths('archive.read')).toEqual([[], ['run', 0]])
    await user.click(screen.getByTestId('copy-value'))
    await waitFor(() => expect(screen.getByTestId('copy-value')).toHaveTextContent('Copied'))
    expect(await clipboard()).toBe('{"whole": true}')
    expect(paths('archive.json')).toEqual([['run', 0]])

    await user.type(screen.getByTestId('archive-filter'), 'name')
    await waitFor(() => expect(node('run/0/program/name')).toBeDefined())
    expect(screen.getByTestId('archive-filter-note')).toHaveTextContent('1 matching keys')
    expect(node('metadata')).toBeUndefined()
  })

  it('says what to do when the server refuses, and tries again', async () => {
    const user = userEvent.setup()
    let refuse = true
    setup(() =>
      refuse
        ? {
            ok: false,
            error: { code: 'auth_required', message: 'This needs you to sign in: Unauthorized' },
          }
        : { ok: true, value: TOP },
    )
    const error = await screen.findByTestId('viewer-error')
    expect(error).toHaveAttribute('data-code', 'auth_required')
    expect(error).toHaveTextContent('Sign in (top right)')
    expect(error).toHaveTextContent('a token with the right scope')
    refuse = false
    await user.click(screen.getByTestId('viewer-retry'))
    await waitFor(() => expect(node('metadata')).toBeDefined())
  })

  it('says so when the server answers with an HTML page, and works once it answers JSON', async () => {
    const user = userEvent.setup()
    let html = true
    setup(() =>
      html
        ? {
            ok: false,
            error: {
              code: 'server_error',
              message:
                '127.0.0.1:8000 reported an error (HTTP 502) for the archive of entry e1: 502 Bad Gateway',
              details: { status: 502, serverMessage: '502 Bad Gateway' },
            },
          }
        : { ok: true, value: TOP },
    )
    const error = await screen.findByTestId('viewer-error')
    expect(error).toHaveAttribute('data-code', 'server_error')
    expect(error).toHaveTextContent('HTTP 502')
    expect(error).toHaveTextContent('502 Bad Gateway')
    expect(error).not.toHaveTextContent('<html')
    // The toolbar stays usable while the archive is unreadable.
    expect(screen.getByTestId('archive-filter')).toBeEnabled()
    html = false
    await user.click(screen.getByTestId('viewer-retry'))
    await waitFor(() => expect(node('metadata')).toBeDefined())
    await user.click(node('metadata') as HTMLElement)
    expect(screen.queryByTestId('viewer-error')).toBeNull()
  })

  it('names a missing entry', async () => {
    setup(() => ({
      ok: false,
      error: { code: 'not_found', message: 'The entry does not exist or is not visible to you.' },
    }))
    expect(await screen.findByTestId('viewer-error')).toHaveTextContent(
      'may have been deleted, reprocessed under a new ID',
    )
  })

  it('says when an entry has no archive data', async () => {
    setup(() => ({ ok: true, value: { path: [], value: {}, marks: [] } }))
    expect(await screen.findByTestId('archive-empty')).toHaveTextContent('no archive data')
  })

  it('works from the keyboard: ↓/↑ move between rows, → opens, ← closes, Home/End jump', async () => {
    const user = userEvent.setup()
    const { paths } = setup(({ path }) => {
      if (path.length === 0) return { ok: true, value: TOP }
      return { ok: true, value: { path, value: { entry_id: 'e1' }, marks: [] } }
    })
    await waitFor(() => expect(node('metadata')).toBeDefined())
    const metadata = node('metadata') as HTMLElement
    expect(screen.getByRole('tree')).toBeInTheDocument()
    metadata.focus()
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(node('metadata/entry_id')).toBeDefined())
    expect(paths('archive.read')).toContainEqual(['metadata'])
    expect(node('metadata')).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{ArrowDown}')
    expect(node('metadata/entry_id')).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(node('metadata')).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    await waitFor(() => expect(node('metadata/entry_id')).toBeUndefined())
    expect(node('metadata')).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{ArrowDown}')
    expect(node('run')).toHaveFocus()
    await user.keyboard('{Home}')
    expect(node('metadata')).toHaveFocus()
    await user.keyboard('{End}')
    expect(node('run')).toHaveFocus()
  })
})
