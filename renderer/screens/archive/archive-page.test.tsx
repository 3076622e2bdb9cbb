import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ArchiveAnswer } from '../../../shared/ipc/channels/archive'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { ArchivePage } from './archive-page'

const ANSWERS: Record<string, ArchiveAnswer> = {
  '[]': {
    path: [],
    value: { metadata: null, run: [] },
    marks: [
      { kind: 'lazy', path: ['metadata'] },
      { kind: 'partial', path: ['run'], length: 1, items: 'section' },
    ],
  },
  '["run",0]': {
    path: ['run', 0],
    value: { system: null },
    marks: [{ kind: 'lazy', path: ['run', 0, 'system'] }],
  },
  '["run",0,"system"]': { path: ['run', 0, 'system'], value: { atoms: 4 }, marks: [] },
}

function renderPage(jsonPath: string | undefined) {
  const fake = createFakeTransport({
    'archive.read': (input) => {
      const answer = ANSWERS[JSON.stringify((input as { path: unknown[] }).path)]
      return answer
        ? { ok: true, value: answer }
        : { ok: false, error: { code: 'not_found', message: 'no such part' } }
    },
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <ArchivePage serverId="s1" entryId="e1" jsonPath={jsonPath} />
    </AppProviders>,
  )
  return () => fake.calls.map((c) => (c.input as { path: unknown[] }).path)
}

const node = (path: string) =>
  screen.queryAllByTestId('archive-node').find((el) => el.dataset.path === path)

describe('ArchivePage (#/archive/<server>/<entry>/<json-path>)', () => {
  it('is the archive viewer as a page, opened down to the link’s node and selecting it', async () => {
    const paths = renderPage('$.run[0].system')
    expect(screen.getByTestId('archive-viewer')).toHaveAttribute('data-viewer', 'page')
    expect(screen.getByTestId('archive-title')).toHaveTextContent('Archive · e1')
    // Three fetches one after another: give a loaded machine time.
    await waitFor(() => expect(node('run/0/system/atoms')).toBeDefined(), { timeout: 5_000 })
    expect(screen.getByTestId('archive-path')).toHaveTextContent('$.run[0].system')
    expect(paths()).toEqual([[], ['run', 0], ['run', 0, 'system']])
  })
  it('opens with nothing selected when the path does not read as one', async () => {
    const paths = renderPage('run.0')
    await waitFor(() => expect(node('run')).toBeDefined())
    expect(screen.queryByTestId('archive-path')).toBeNull()
    expect(paths()).toEqual([[]])
  })
  it('asks once for a part the archive does not have', async () => {
    const paths = renderPage('$.metadata.nope')
    await waitFor(() => expect(paths()).toEqual([[], ['metadata']]))
    expect(await screen.findByTestId('archive-path')).toHaveTextContent('$.metadata.nope')
  })
})
