import { MantineProvider, Modal } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { MountWhenOpened } from './mount-when-opened'

function Dialog() {
  const [opened, setOpened] = useState(false)
  return (
    <MantineProvider>
      <button onClick={() => setOpened(true)}>Open</button>
      <MountWhenOpened opened={opened}>
        {(shown) => (
          <Modal opened={shown} onClose={() => setOpened(false)} title="Details">
            <input aria-label="Name" />
          </Modal>
        )}
      </MountWhenOpened>
    </MantineProvider>
  )
}

describe('MountWhenOpened', () => {
  it('renders nothing of a dialog that was never opened', () => {
    const rendered: boolean[] = []
    render(
      <MantineProvider>
        <MountWhenOpened opened={false}>
          {(shown) => {
            rendered.push(shown)
            return (
              <Modal opened={shown} onClose={() => undefined} title="Details">
                <input aria-label="Name" />
              </Modal>
            )
          }}
        </MountWhenOpened>
      </MantineProvider>,
    )
    expect(rendered).toEqual([])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('gives the focus back to the opener when a dialog opened for the first time closes', async () => {
    const user = userEvent.setup()
    render(<Dialog />)
    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument()
    await waitFor(() => expect(opener).not.toHaveFocus())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(opener).toHaveFocus())
  })
})
