import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
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
  return screen.getByRole('textbox', { name: 'Sort by' })
}

const options = () => screen.queryAllByRole('option', { hidden: true })

describe('a Select whose dropdown mounts on first focus', () => {
  it('renders no options until the input is focused, then keeps them mounted', async () => {
    const user = userEvent.setup()
    renderSelect()
    expect(options()).toHaveLength(0)
    await user.tab()
    await user.tab()
    await waitFor(() => expect(options()).toHaveLength(SORTS.length))
    await user.tab({ shift: true })
    expect(options()).toHaveLength(SORTS.length)
  })

  it('opens from the keyboard on the current value, as a Mantine Select does', async () => {
    const user = userEvent.setup()
    const input = renderSelect()
    await user.tab()
    await user.tab()
    expect(input).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'formula', hidden: true })).toHaveAttribute(
        'data-combobox-selected',
      ),
    )
    await user.keyboard('{ArrowDown}{Enter}')
    expect(input).toHaveValue('code')
  })

  it('mounts the options on hover too, before a click opens them', async () => {
    const user = userEvent.setup()
    const input = renderSelect()
    await user.hover(input)
    await waitFor(() => expect(options()).toHaveLength(SORTS.length))
    await user.click(input)
    await user.click(screen.getByRole('option', { name: 'entry name', hidden: true }))
    expect(input).toHaveValue('entry name')
  })
})
