import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DeferredSelect } from './deferred-select'

const SORTS = ['upload date', 'entry name', 'formula', 'code']

function renderSelect() {
  render(
    <MantineProvider>
      <button type="button">Before</button>
      <DeferredSelect label="Sort by" data={SORTS} defaultValue="formula" />
    </MantineProvider>,
  )
}

/** Found again after each step: the Select's input takes its stand-in's place when it mounts. */
const input = () => screen.getByRole('textbox', { name: 'Sort by' })
const options = () => screen.queryAllByRole('option', { hidden: true })

describe('a Select mounted when the user reaches for it', () => {
  it('shows a stand-in as the Select would: its label, the chosen value, a list to open', () => {
    renderSelect()
    expect(input()).toHaveValue('formula')
    expect(input()).toHaveAttribute('aria-haspopup', 'listbox')
    expect(options()).toHaveLength(0)
  })

  it('mounts on focus and keeps it: ArrowDown opens on the current value, Enter chooses', async () => {
    const user = userEvent.setup()
    renderSelect()
    await user.tab()
    await user.tab()
    expect(input()).toHaveFocus()
    await waitFor(() => expect(options()).toHaveLength(SORTS.length))
    await user.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'formula', hidden: true })).toHaveAttribute(
        'data-combobox-selected',
      ),
    )
    await user.keyboard('{ArrowDown}{Enter}')
    expect(input()).toHaveValue('code')
    await user.tab({ shift: true })
    expect(options()).toHaveLength(SORTS.length)
  })

  it('mounts on hover, before a click opens it', async () => {
    const user = userEvent.setup()
    renderSelect()
    await user.hover(input())
    await waitFor(() => expect(options()).toHaveLength(SORTS.length))
    await user.click(input())
    await user.click(screen.getByRole('option', { name: 'entry name', hidden: true }))
    expect(input()).toHaveValue('entry name')
  })

  it('opens at once on a click that came without hover or focus (a screen reader’s)', async () => {
    renderSelect()
    fireEvent.click(input())
    await waitFor(() => expect(screen.getByRole('option', { name: 'code' })).toBeVisible())
  })
})
