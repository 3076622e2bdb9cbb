import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CodeLines } from './code-lines'

const blocks = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('pre')].map((pre) => ({
    text: pre.textContent,
    lines: pre.style.getPropertyValue('--lines'),
  }))

describe('CodeLines', () => {
  it('shows the plain text at once and its colours when highlight.js has loaded', async () => {
    render(<CodeLines parts={['x = 1\n', 'def f():\n    return "a"\n']} language="python" />)
    // The first commit already holds every line, uncoloured: nothing waits for the highlighter.
    const text = screen.getByTestId('preview-text')
    expect(blocks('preview-text').map((b) => b.text)).toEqual(['x = 1', 'def f():\n    return "a"'])
    expect(text.dataset.highlighted).toBeUndefined()
    expect(text.querySelector('.hljs-keyword')).toBeNull()
    await waitFor(() => expect(text.dataset.highlighted).toBe('python'))
    expect(text.querySelector('.hljs-keyword')).toHaveTextContent('def')
    expect(blocks('preview-text').map((b) => b.text)).toEqual(['x = 1', 'def f():\n    return "a"'])
  })

  it('gives each chunk its line count, the height it keeps while off screen', () => {
    render(<CodeLines parts={['a\nb\nc\n', 'long line cut', ' here\nd\n']} language={undefined} />)
    // A chunk cut inside a line joins the next one; numbers run on from the chunk before.
    expect(blocks('preview-text')).toEqual([
      { text: 'a\nb\nc', lines: '3' },
      { text: 'long line cut here\nd', lines: '2' },
    ])
    expect(blocks('preview-line-numbers')).toEqual([
      { text: '1\n2\n3', lines: '3' },
      { text: '4\n5', lines: '2' },
    ])
  })
})
