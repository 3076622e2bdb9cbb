import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './error-boundary'

function Broken(): never {
  throw new TypeError('cannot read servers of undefined')
}

describe('ErrorBoundary', () => {
  it('shows what failed and a reload button instead of a blank window', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <MantineProvider>
        <ErrorBoundary where="Servers screen">
          <Broken />
        </ErrorBoundary>
      </MantineProvider>,
    )
    expect(screen.getByText('The Servers screen stopped working')).toBeInTheDocument()
    expect(screen.getByText('TypeError: cannot read servers of undefined')).toBeInTheDocument()
    expect(screen.getByTestId('error-reload')).toHaveTextContent('Reload')
  })

  it('renders its children when nothing fails', () => {
    render(
      <MantineProvider>
        <ErrorBoundary where="app">
          <p>fine</p>
        </ErrorBoundary>
      </MantineProvider>,
    )
    expect(screen.getByText('fine')).toBeInTheDocument()
    expect(screen.queryByTestId('error-boundary')).toBeNull()
  })
})
