import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ArchiveAnswer } from '../../../shared/ipc/channels/archive'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { StartDownloadProvider } from '../downloads/start-download'
import { ArchiveViewer } from './archive-viewer'

// The required builder and the search inside the archive, over a small loaded archive.

const TOP: ArchiveAnswer = {
  path: [],
  value: { results: null, run: [] },
  marks: [
    { kind: 'lazy', path: ['results'] },
    { kind: 'partial', path: ['run'], length: 1, items: 'section' },
  ],
}
const RUN = {
  program: { name: 'VASP', version: '5.4' },
  calculation: [{ energy: 1 }, { energy: 2 }],
}

function setup(
  preview: (
    required: unknown,
  ) => { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } },
) {
  const fake = createFakeTransport({
    'archive.read': (input) => {
      const { path } = input as { path: (string | number)[] }
      if (path.length === 0) return { ok: true, value: TOP }
      if (path[0] === 'run') return { ok: true, value: { path, value: RUN, marks: [] } }
      return { ok: true, value: { path, value: { material: { formula: 'Si2' } }, marks: [] } }
    },
    'archive.preview': (input) => preview((input as { required: unknown }).required) as never,
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <StartDownloadProvider onShowDownloads={() => undefined}>
        <ArchiveViewer entry={{ serverId: 's1', entryId: 'e1' }} />
      </StartDownloadProvider>
    </AppProviders>,
  )
}

const node = (path: string) =>
  screen.getAllByTestId('archive-node').find((el) => el.dataset.path === path)
const tickOf = (path: string) => within(node(path) as HTMLElement).getByTestId('archive-tick')

async function openRun(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(node('run')).toBeDefined())
  await user.click(node('run') as HTMLElement)
  await user.click(node('run/0') as HTMLElement)
  await waitFor(() => expect(node('run/0/calculation')).toBeDefined())
  await user.click(node('run/0/calculation') as HTMLElement)
}

// Long user-event walks (tens of clicks and a Mantine listbox): 14 s alone at load 13 on two
// cores, over 20 s beside other renderer files, so the project's 20 s is not enough here.
const WALK = { timeout: 60_000 }

describe('the required builder', WALK, () => {
  it('builds one required from ticks in two places, both ways through the JSON', async () => {
    const user = userEvent.setup()
    setup(() => ({
      ok: true,
      value: { bytes: 2048, sections: 3, quantities: 4, parts: [{ key: 'run', bytes: 2040 }] },
    }))
    await openRun(user)
    await user.click(screen.getByTestId('archive-builder-toggle'))
    // The builder starts with the selected place ticked; a second click unticks it.
    const json = screen.getByTestId<HTMLTextAreaElement>('required-json')
    expect(JSON.parse(json.value)).toEqual({ 'run[0]': { calculation: '*' } })
    await user.click(tickOf('run/0/calculation'))
    await user.click(tickOf('run/0/calculation/1'))
    await user.click(tickOf('run/0/program'))
    expect(JSON.parse(json.value)).toEqual({ 'run[0]': { 'calculation[1]': '*', program: '*' } })
    // Inside a tick: shown ticked, not tickable on its own.
    await user.click(node('run/0/program') as HTMLElement)
    expect(node('run/0/program/name')).toHaveAttribute('data-tick', 'inside')
    expect(node('run/0')).toHaveAttribute('data-tick', 'above')

    // The last item, by the pick menu.
    // The picks: run (item 0), calculation (item 1) of the first tick.
    // Hovered first: the Select's input takes its stand-in's place (DeferredSelect).
    await user.hover(screen.getAllByTestId('required-pick')[1] as HTMLElement)
    const pick = screen.getAllByTestId('required-pick')[1]
    await user.click(pick as HTMLElement)
    const listbox = await waitFor(() => {
      const id = (pick as HTMLElement).getAttribute('aria-controls')
      const element = id ? document.getElementById(id) : null
      if (!element) throw new Error('no listbox yet')
      return element
    })
    await user.click(
      within(listbox).getByRole('option', { name: 'the last item [-1]', hidden: true }),
    )
    expect(JSON.parse(json.value)).toEqual({
      'run[0]': { 'calculation[-1]': '*', program: '*' },
    })

    // Typed JSON moves the ticks; a key the archive lacks is named with its line.
    fireEvent.change(json, { target: { value: '{\n  "run[0]": {\n    "programm": "*"\n  }\n}' } })
    expect(await screen.findByText('Line 3: run[0] has no key “programm”')).toBeInTheDocument()
    fireEvent.change(json, { target: { value: '{"run[0]": {"calculation": "*"}' } })
    expect(screen.getByText(/^Line 1: Not JSON/)).toBeInTheDocument()
    fireEvent.change(json, { target: { value: '{"run[0]": {"calculation": "*"}}' } })
    await waitFor(() => expect(node('run/0/calculation')).toHaveAttribute('data-tick', 'ticked'))
    expect(node('run/0/program')).not.toHaveAttribute('data-tick')

    await user.click(screen.getByTestId('required-preview-run'))
    expect(await screen.findByTestId('required-preview-result')).toHaveTextContent(
      '2 KiB · 3 sections · 4 quantities',
    )
    await user.click(screen.getByTestId('archive-copy-python'))
    const python = await navigator.clipboard.readText()
    expect(python).toContain("'required': {'run[0]': {'calculation': '*'}}")
    expect(python).not.toMatch(/token|Bearer/i)
  })

  it('shows the server’s message for a required it rejects', async () => {
    const user = userEvent.setup()
    setup(() => ({
      ok: false,
      error: { code: 'invalid_input', message: 'run has no property calculaton' },
    }))
    await openRun(user)
    node('run/0/calculation/0')?.focus()
    await user.click(screen.getByTestId('archive-builder-toggle'))
    await user.click(screen.getByTestId('required-preview-run'))
    expect(await screen.findByTestId('required-preview-error')).toHaveTextContent(
      'run has no property calculaton',
    )
  })
})

describe('the search inside the archive', WALK, () => {
  it('finds keys and values, steps with Enter / Shift+Enter and F3, selecting each match', async () => {
    const user = userEvent.setup()
    setup(() => ({ ok: false, error: { code: 'invalid_input', message: 'unused' } }))
    await openRun(user)
    const find = screen.getByTestId('archive-filter')
    await user.type(find, 'energy')
    const note = screen.getByTestId('archive-filter-note')
    await waitFor(() => expect(note).toHaveTextContent('2 matching keys and values'))
    await user.keyboard('{Enter}')
    expect(note).toHaveTextContent('1 of 2')
    expect(node('run/0/calculation/0/energy')).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{F3}')
    expect(node('run/0/calculation/1/energy')).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Shift>}{Enter}{/Shift}')
    expect(note).toHaveTextContent('1 of 2')
    // A value matches too.
    await user.clear(find)
    await user.type(find, 'vasp')
    await user.keyboard('{Enter}')
    expect(node('run/0/program/name')).toHaveAttribute('aria-selected', 'true')
  })
})
