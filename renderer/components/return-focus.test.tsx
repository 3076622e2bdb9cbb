import { MantineProvider, Modal } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { useReturnFocus } from './return-focus'

/** A dialog as most of the app's are: mounted open by its opener, unmounted to close. */
function Dialog({ onClose }: { onClose: () => void }) {
  useReturnFocus()
  return (
    <Modal opened onClose={onClose} title="Plan the download">
      <button type="button">Start</button>
    </Modal>
  )
}

function Opener() {
  const [open, setOpen] = useState(false)
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Download…
      </button>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </MantineProvider>
  )
}

describe('a dialog mounted open and unmounted to close', () => {
  it('gives the focus back to its opener when Escape closes it', async () => {
    const user = userEvent.setup()
    render(<Opener />)
    await user.tab()
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { hidden: true })
    await waitFor(() => expect(document.activeElement).not.toBe(screen.getByText('Download…')))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Download…')))
  })
})
