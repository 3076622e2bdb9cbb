import { useEffect, useState } from 'react'
import { highlight, isHighlightable } from './highlight'
import classes from './previews.module.css'

/** Text with line numbers and, when the language is known, colours (highlight.js, lazily). */
export function CodeLines({ text, language }: { text: string; language: string | undefined }) {
  const [html, setHtml] = useState<{ for: string; html: string } | null>(null)
  useEffect(() => {
    if (!isHighlightable(language)) return
    let live = true
    void highlight(text, language).then((out) => {
      if (live && out !== undefined) setHtml({ for: text, html: out })
    })
    return () => {
      live = false
    }
  }, [text, language])
  const body = text.endsWith('\n') ? text.slice(0, -1) : text
  const count = body === '' ? 1 : body.split('\n').length
  const numbers = Array.from({ length: count }, (_, i) => i + 1).join('\n')
  const coloured = html?.for === text ? html.html : null
  return (
    <div className={classes.code} data-testid="preview-code">
      <pre className={classes.gutter} aria-hidden="true" data-testid="preview-line-numbers">
        {numbers}
      </pre>
      {coloured === null ? (
        <pre className={classes.lines} data-testid="preview-text">
          {body}
        </pre>
      ) : (
        <pre
          className={classes.lines}
          data-testid="preview-text"
          data-highlighted={language}
          // highlight.js escapes the file's text; only its own <span class="hljs-…"> are markup.
          dangerouslySetInnerHTML={{ __html: coloured }}
        />
      )}
    </div>
  )
}
