import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { JsonValue } from '../../../shared/api'
import type { ArchiveAnswer } from '../../../shared/ipc/channels/archive'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { ArchiveViewer, type ArchiveNavigation } from './archive-viewer'

const ARCHIVE: Record<string, JsonValue> = {
  run: [
    {
      system: [{ chemical_composition_reduced: 'Si2' }, { chemical_composition_reduced: 'Si16' }],
      calculation: [
        { system_ref: '#/run/0/system/-1', broken_ref: '#/run/0/system/9' },
        { system_ref: '/run/0/system/0' },
      ],
    },
  ],
  workflow2: {
    inputs: [{ section: '../uploads/u2/archive/e2#/run/0/system/-1' }],
    results: { calculation_result_ref: '#/run/0/calculation/-1' },
  },
}

/** archive.read as core answers it: names at the top, whole parts below. */
function answer(path: (string | number)[]): ArchiveAnswer {
  if (path.length === 0)
    return {
      path,
      value: { run: [], workflow2: null },
      marks: [
        { kind: 'partial', path: ['run'], length: 1, items: 'section' },
        { kind: 'lazy', path: ['workflow2'] },
      ],
    }
  let value: JsonValue | undefined = ARCHIVE
  for (const s of path) value = (value as Record<string | number, JsonValue>)[s]
  return { path, value: value ?? null, marks: [] }
}

function setup(navigation?: ArchiveNavigation, select?: (string | number)[]) {
  const fake = createFakeTransport({
    'archive.read': (input) => ({
      ok: true,
      value: answer((input as { path: (string | number)[] }).path),
    }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <ArchiveViewer
        entry={{ serverId: 's1', entryId: 'e1' }}
        navigation={navigation}
        select={select}
      />
    </AppProviders>,
  )
}

const node = (path: string) =>
  screen.queryAllByTestId('archive-node').find((el) => el.dataset.path === path)
const shown = (path: string) => waitFor(() => expect(node(path)).toBeDefined(), { timeout: 5_000 })
const details = () => within(screen.getByTestId('archive-details'))
async function open(user: ReturnType<typeof userEvent.setup>, path: string) {
  await shown(path)
  await user.click(node(path) as HTMLElement)
}

describe('ArchiveViewer references', () => {
  it('shows references as links naming the target, follows them, and lists what points here', async () => {
    const user = userEvent.setup()
    setup(undefined, ['run', 0, 'calculation', 0])
    await shown('run/0/calculation/0/system_ref')
    await open(user, 'run/0/calculation/1')
    // The -1 is resolved against the loaded list and the target's formula is its label.
    expect(node('run/0/calculation/0/system_ref')).toHaveTextContent('→ system (last) · Si16')
    expect(node('run/0/calculation/1/system_ref')).toHaveTextContent('→ system 0 · Si2')

    await user.click(
      within(node('run/0/calculation/0/system_ref') as HTMLElement).getByTestId('archive-ref'),
    )
    await waitFor(() =>
      expect(details().getByTestId('archive-path')).toHaveTextContent('$.run[0].system[1]'),
    )
    expect(node('run/0/system/1')).toHaveAttribute('aria-selected', 'true')
    // What points here: the calculation's reference, found in what is loaded.
    const points = details().getByTestId('archive-points-here')
    expect(points).toHaveTextContent('What points here (1 in the loaded parts)')
    await user.click(within(points).getByText('$.run[0].calculation[0].system_ref'))
    expect(details().getByTestId('archive-path')).toHaveTextContent(
      '$.run[0].calculation[0].system_ref',
    )
  })

  it('loads what a reference needs on the way, from the keyboard too', async () => {
    const user = userEvent.setup()
    setup(undefined, ['workflow2', 'results', 'calculation_result_ref'])
    await shown('workflow2/results/calculation_result_ref')
    const row = node('workflow2/results/calculation_result_ref') as HTMLElement
    row.focus()
    await user.keyboard('{Enter}')
    // run[0] was not loaded: it is fetched, then the -1 resolved against its calculations.
    await waitFor(() =>
      expect(details().getByTestId('archive-path')).toHaveTextContent('$.run[0].calculation[1]'),
    )
  })

  it('says why a reference points nowhere, with its raw value', async () => {
    const user = userEvent.setup()
    setup(undefined, ['run', 0, 'calculation', 0, 'broken_ref'])
    await shown('run/0/calculation/0/broken_ref')
    await user.click(details().getByTestId('archive-follow'))
    const alert = await screen.findByTestId('archive-follow-error')
    expect(alert).toHaveTextContent('run/0/system has 2 items; item 9 is not there.')
    expect(alert).toHaveTextContent('#/run/0/system/9')
    // The viewer keeps working.
    await open(user, 'run/0/calculation/1')
    await user.click(node('run/0/calculation/1/system_ref') as HTMLElement)
    expect(details().getByTestId('archive-follow')).toHaveTextContent('Go to system 0 · Si2')
  })

  it('hands references to other entries, and followed ones, to the navigation', async () => {
    const user = userEvent.setup()
    const navigation = { select: vi.fn(), open: vi.fn() }
    setup(navigation, ['workflow2', 'inputs', 0, 'section'])
    await shown('workflow2/inputs/0/section')
    expect(node('workflow2/inputs/0/section')).toHaveTextContent('→ system (last) in entry e2')
    await user.click(details().getByTestId('archive-follow'))
    expect(navigation.open).toHaveBeenCalledWith('e2', ['run', 0, 'system', -1])
    await open(user, 'run')
    await open(user, 'run/0')
    await open(user, 'run/0/calculation')
    await open(user, 'run/0/calculation/1')
    await shown('run/0/calculation/1/system_ref')
    await user.click(node('run/0/calculation/1/system_ref') as HTMLElement)
    expect(navigation.select).toHaveBeenLastCalledWith(['run', 0, 'calculation', 1, 'system_ref'])
    await user.click(details().getByTestId('archive-follow'))
    await waitFor(() =>
      expect(navigation.open).toHaveBeenLastCalledWith('e1', ['run', 0, 'system', 0]),
    )
  })

  it('resolves an address with an index from the end once the list has come', async () => {
    const navigation = { select: vi.fn(), open: vi.fn() }
    setup(navigation, ['run', 0, 'system', -1])
    await waitFor(() => expect(navigation.select).toHaveBeenCalledWith(['run', 0, 'system', 1]))
    await waitFor(() => expect(node('run/0/system/1')).toHaveAttribute('aria-selected', 'true'))
  })
})
