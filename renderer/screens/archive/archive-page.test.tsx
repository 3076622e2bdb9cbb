import { RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ArchiveAnswer } from '../../../shared/ipc/channels/archive'
import { AppProviders } from '../../app/providers'
import { createAppRouter } from '../../app/routing/router'
import { SignInPromptProvider } from '../../components/sign-in/prompt-context'
import { createSignInPromptStore } from '../../components/sign-in/prompt-store'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport, SHELL_HANDLERS } from '../../test-support/fake-transport'

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
  '["run",0,"system"]': {
    path: ['run', 0, 'system'],
    value: { atoms: 4, self_ref: '#/run/0' },
    marks: [],
  },
}

/** The page at #/archive/s1/e1/<jsonPath>, in the app's router (hash history). */
function renderPage(jsonPath: string | undefined) {
  window.location.hash = `#/archive/nomad-public/e1${jsonPath === undefined ? '' : `/${encodeURIComponent(jsonPath)}`}`
  const fake = createFakeTransport({
    ...SHELL_HANDLERS,
    'archive.read': (input) => {
      const answer = ANSWERS[JSON.stringify((input as { path: unknown[] }).path)]
      return answer
        ? { ok: true, value: answer }
        : { ok: false, error: { code: 'not_found', message: 'no such part' } }
    },
  })
  const router = createAppRouter()
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <SignInPromptProvider store={createSignInPromptStore()}>
        <RouterProvider router={router} />
      </SignInPromptProvider>
    </AppProviders>,
  )
  return () =>
    fake.calls
      .filter((c) => c.channel === 'archive.read')
      .map((c) => (c.input as { path: unknown[] }).path)
}

afterEach(() => {
  window.location.hash = ''
})

const node = (path: string) =>
  screen.queryAllByTestId('archive-node').find((el) => el.dataset.path === path)

describe('ArchivePage (#/archive/<server>/<entry>/<json-path>)', { timeout: 30_000 }, () => {
  it('is the archive viewer as a page, opened down to the link’s node and selecting it', async () => {
    const paths = renderPage('$.run[0].system')
    // The screen loads on demand; the first import takes a while in jsdom.
    expect(await screen.findByTestId('archive-viewer', {}, { timeout: 15_000 })).toHaveAttribute(
      'data-viewer',
      'page',
    )
    expect(screen.getByTestId('archive-title')).toHaveTextContent('Archive · e1')
    // Three fetches one after another: give a loaded machine time.
    await waitFor(() => expect(node('run/0/system/atoms')).toBeDefined(), { timeout: 15_000 })
    expect(screen.getByTestId('archive-path')).toHaveTextContent('$.run[0].system')
    expect(paths()).toEqual([[], ['run', 0], ['run', 0, 'system']])
  })
  it('keeps the selection in the address; a followed reference is a step Back returns from', async () => {
    const user = userEvent.setup()
    renderPage('$.run[0].system')
    await waitFor(() => expect(node('run/0/system/self_ref')).toBeDefined(), { timeout: 15_000 })
    await user.click(node('run/0/system/atoms') as HTMLElement)
    await waitFor(() =>
      expect(decodeURIComponent(window.location.hash)).toBe(
        '#/archive/nomad-public/e1/$.run[0].system.atoms',
      ),
    )
    await user.click(node('run/0/system/self_ref') as HTMLElement)
    await user.click(screen.getByTestId('archive-follow'))
    await waitFor(() =>
      expect(screen.getByTestId('archive-path')).toHaveTextContent(/^\$\.run\[0\]$/),
    )
    expect(decodeURIComponent(window.location.hash)).toBe('#/archive/nomad-public/e1/$.run[0]')
    await user.click(screen.getByTestId('archive-back'))
    await waitFor(() =>
      expect(screen.getByTestId('archive-path')).toHaveTextContent('$.run[0].system.self_ref'),
    )
    // Alt+→ goes forward again (the shell's history keys).
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', altKey: true }))
    })
    await waitFor(() =>
      expect(screen.getByTestId('archive-path')).toHaveTextContent(/^\$\.run\[0\]$/),
    )
  })
  it('copies a link to the place shown; Open archive… opens an entry id or a copied link, and says why not', async () => {
    const user = userEvent.setup()
    renderPage('$.run[0].system')
    await waitFor(() => expect(node('run/0/system/atoms')).toBeDefined(), { timeout: 15_000 })
    await user.click(screen.getByTestId('archive-copy-link'))
    const link = await navigator.clipboard.readText()
    expect(link).toBe('nomad-desktop://archive/nomad-public/e1/%24.run%5B0%5D.system')
    const field = screen.getByRole('textbox', { name: /Open archive/ })
    // Nonsense and a server the app does not know: a message in place, the page stays.
    await user.type(field, 'not an id{Enter}')
    expect(await screen.findByText(/Not an entry id or a link/)).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, 'nomad-desktop://archive/elsewhere/e9{Enter}')
    expect(await screen.findByText(/“elsewhere”, which is not one of your servers/)).toBeVisible()
    expect(decodeURIComponent(window.location.hash)).toBe(
      '#/archive/nomad-public/e1/$.run[0].system',
    )
    // An entry id opens that entry on this server, as a new history step.
    await user.clear(field)
    await user.type(field, 'e2{Enter}')
    await waitFor(() => expect(window.location.hash).toBe('#/archive/nomad-public/e2'))
    await waitFor(() =>
      expect(screen.getByTestId('archive-title')).toHaveTextContent('Archive · e2'),
    )
    // The copied link opens the same place again (the viewer of e2 has a field of its own).
    await user.click(screen.getByRole('textbox', { name: /Open archive/ }))
    await user.paste(link)
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(decodeURIComponent(window.location.hash)).toBe(
        '#/archive/nomad-public/e1/$.run[0].system',
      ),
    )
    await waitFor(() =>
      expect(screen.getByTestId('archive-path')).toHaveTextContent('$.run[0].system'),
    )
  })
  it('#/archive (no entry) is a page with the field: a pasted entry id opens on the active server', async () => {
    const user = userEvent.setup()
    renderPage(undefined)
    window.location.hash = '#/archive'
    const landing = await screen.findByTestId('archive-landing', {}, { timeout: 15_000 })
    const field = within(landing).getByRole('textbox', { name: /Open archive/ })
    expect(screen.getByTestId('archive-landing')).toHaveTextContent('Open an archive')
    expect(screen.queryByTestId('archive-copy-link')).toBeNull()
    await user.type(field, 'e7{Enter}')
    await waitFor(() => expect(window.location.hash).toBe('#/archive/nomad-public/e7'))
  })
  it('opens with nothing selected when the path does not read as one', async () => {
    const paths = renderPage('run.0')
    await waitFor(() => expect(node('run')).toBeDefined(), { timeout: 15_000 })
    expect(screen.queryByTestId('archive-path')).toBeNull()
    expect(paths()).toEqual([[]])
  })
  it('asks once for a part the archive does not have', async () => {
    const paths = renderPage('$.metadata.nope')
    await waitFor(() => expect(paths()).toEqual([[], ['metadata']]), { timeout: 15_000 })
    expect(await screen.findByTestId('archive-path')).toHaveTextContent('$.metadata.nope')
  })
})
