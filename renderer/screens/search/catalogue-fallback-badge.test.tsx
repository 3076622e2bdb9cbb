import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { CatalogueFallbackBadge } from './catalogue-fallback-badge'

const NOTE = 'The server lists no searchable quantities; showing the built-in list.'

function renderBadge(note: string | undefined) {
  render(
    <AppProviders client={createIpcClient(createFakeTransport({}).transport)}>
      <CatalogueFallbackBadge note={note} />
    </AppProviders>,
  )
  return screen.getByTestId('catalogue-fallback')
}

describe('CatalogueFallbackBadge', () => {
  it('names the consequence in plain words, not the internal list', () => {
    const badge = renderBadge(NOTE)
    expect(badge).toHaveTextContent(/^Standard filters$/)
    expect(badge.textContent).not.toMatch(/quantity|built-in/i)
  })

  it('on hover, says why and what it means for the filters', async () => {
    const badge = renderBadge(NOTE)
    await userEvent.setup().hover(badge)
    const tip = await screen.findByRole('tooltip')
    expect(tip).toHaveTextContent(NOTE)
    expect(tip).toHaveTextContent("The filters are NOMAD's standard ones")
    expect(tip).toHaveTextContent('a few may not exist on this server')
  })

  it('without a reason, still says what it means, with no stray space', async () => {
    const badge = renderBadge(undefined)
    await userEvent.setup().hover(badge)
    const tip = await screen.findByRole('tooltip')
    expect(tip.textContent).toBe(
      "The filters are NOMAD's standard ones; a few may not exist on this server.",
    )
  })
})
