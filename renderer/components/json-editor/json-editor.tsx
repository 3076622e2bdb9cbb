import { useRef, type KeyboardEvent } from 'react'
import classes from './json-editor.module.css'

/**
 * A plain-text JSON editor with line numbers; the line of the current error is marked in the
 * gutter. Tab inserts two spaces instead of leaving the field; Escape then Tab leaves it.
 */
export function JsonEditor({
  value,
  onChange,
  onBlur,
  errorLine,
  rows,
  'aria-label': label,
  testId,
}: {
  value: string
  onChange: (text: string) => void
  onBlur?: () => void
  errorLine?: number
  rows?: number
  'aria-label': string
  testId?: string
}) {
  const gutter = useRef<HTMLDivElement>(null)
  const lines = value.split('\n').length
  // Grows with the text, within reason; the gutter matches the text area's height.
  const shown = rows ?? Math.min(Math.max(lines + 1, 5), 20)
  // Tab indents; after Escape the next Tab leaves the editor, so the keyboard is never trapped
  // here (WCAG 2.1.2). Shift+Tab always leaves.
  const tabLeaves = useRef(false)
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      tabLeaves.current = true
      return
    }
    const leave = tabLeaves.current
    tabLeaves.current = false
    if (event.key !== 'Tab' || event.shiftKey || leave) return
    event.preventDefault()
    const area = event.currentTarget
    const { selectionStart: start, selectionEnd: end } = area
    onChange(`${value.slice(0, start)}  ${value.slice(end)}`)
    requestAnimationFrame(() => area.setSelectionRange(start + 2, start + 2))
  }
  return (
    <div className={`${classes.frame} ${errorLine !== undefined ? classes.invalid : ''}`}>
      <div ref={gutter} className={classes.gutter} aria-hidden style={{ height: shown * 18 + 12 }}>
        {Array.from({ length: lines }, (_, i) => (
          <div
            key={i}
            className={`${classes.lineNumber} ${errorLine === i + 1 ? classes.errorLine : ''}`}
          >
            {i + 1}
          </div>
        ))}
      </div>
      <textarea
        className={classes.text}
        rows={shown}
        spellCheck={false}
        value={value}
        aria-label={label}
        aria-invalid={errorLine !== undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop
        }}
        data-testid={testId}
      />
    </div>
  )
}
