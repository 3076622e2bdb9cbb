import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { JsonEditor } from './json-editor'

function Harness() {
  const [value, setValue] = useState('{}')
  return <JsonEditor value={value} onChange={setValue} aria-label="Query" />
}

describe('JsonEditor keyboard', () => {
  it('indents on Tab, but lets Tab leave after Escape (no keyboard trap)', () => {
    render(<Harness />)
    const area = screen.getByRole('textbox', { name: 'Query' })
    area.focus()
    const indent = fireEvent.keyDown(area, { key: 'Tab' })
    expect(indent).toBe(false) // default prevented: the focus stays, two spaces are typed
    expect((area as HTMLTextAreaElement).value).toBe('  {}')
    fireEvent.keyDown(area, { key: 'Escape' })
    expect(fireEvent.keyDown(area, { key: 'Tab' })).toBe(true) // the browser moves the focus
    expect(fireEvent.keyDown(area, { key: 'Tab' })).toBe(false) // and Tab indents again after
  })
})
