import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../../../../shared/query/quantities'
import type { BuilderModel } from '../model'
import { formatCount } from '../model/format'
import { root, terms } from '../model/test-builders'
import { TermsInput } from './terms-input'

const METHOD = 'results.method.method_name'

function Probe({ counts, start }: { counts: Map<string, number>; start: BuilderModel }) {
  const [model, setModel] = useState(start)
  return (
    <MantineProvider>
      <TermsInput
        quantity={METHOD}
        model={model}
        onChange={setModel}
        catalogue={DEFAULT_CATALOGUE}
        counts={counts}
      />
      <output data-testid="model">{JSON.stringify(model.children)}</output>
    </MantineProvider>
  )
}

const valuesIn = (text: string | null) =>
  (JSON.parse(text ?? '[]') as { values: string[] }[]).map((c) => c.values)

describe('TermsInput', () => {
  it('lists values by count as named checkboxes; a value no entry has is disabled', () => {
    render(
      <Probe
        counts={
          new Map([
            ['GW', 542],
            ['DFT', 11046],
          ])
        }
        start={root()}
      />,
    )
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes[0]).toHaveAccessibleName(`DFT, ${formatCount(11046)} entries`)
    expect(boxes[1]).toHaveAccessibleName('GW, 542 entries')
    const unused = boxes.slice(2)
    expect(unused.length).toBeGreaterThan(0)
    for (const box of unused) expect(box).toBeDisabled()
  })

  it('adds and removes a value with a click or the space bar', async () => {
    const user = userEvent.setup()
    render(
      <Probe
        counts={
          new Map([
            ['DFT', 10],
            ['GW', 5],
          ])
        }
        start={root()}
      />,
    )
    const model = screen.getByTestId('model')
    await user.click(screen.getByRole('checkbox', { name: /^GW/ }))
    expect(valuesIn(model.textContent)).toEqual([['GW']])
    screen.getByRole('checkbox', { name: /^DFT/ }).focus()
    await user.keyboard(' ')
    expect(valuesIn(model.textContent)).toEqual([['GW', 'DFT']])
    await user.click(screen.getByRole('checkbox', { name: /^GW/ }))
    expect(valuesIn(model.textContent)).toEqual([['DFT']])
  })

  it('keeps a selected value usable even when the current search finds none of it', () => {
    render(<Probe counts={new Map([['DFT', 10]])} start={root(terms(METHOD, ['GW']))} />)
    const gw = screen.getByRole('checkbox', { name: /^GW/ })
    expect(gw).toBeChecked()
    expect(gw).toBeEnabled()
  })
})
