import { memo, useEffect, useMemo, useState, type CSSProperties } from 'react'
import { highlight, isHighlightable } from './highlight'
import classes from './previews.module.css'

interface Block {
  /** The block's lines without the final line end. */
  body: string
  /** Number of its first line. */
  from: number
  lines: number
}

/**
 * The chunks read so far as blocks that each end at a line end (a chunk cut inside a very long
 * line joins the next one), numbered on from the block before.
 */
function toBlocks(parts: readonly string[]): Block[] {
  const blocks: Block[] = []
  let pending = ''
  let from = 1
  const close = (text: string) => {
    const body = text.endsWith('\n') ? text.slice(0, -1) : text
    let lines = 1
    for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) lines++
    blocks.push({ body, from, lines })
    from += lines
  }
  parts.forEach((part, index) => {
    pending += part
    if (pending.endsWith('\n') || index === parts.length - 1) {
      close(pending)
      pending = ''
    }
  })
  return blocks.length > 0 ? blocks : [{ body: '', from: 1, lines: 1 }]
}

/** The block's line count for its size while off screen (previews.module.css). */
const linesVar = (lines: number) => ({ '--lines': lines }) as CSSProperties

// One <pre> per block, memoised: "Load more" lays out the new chunk only, not all before it.
const Numbers = memo(function Numbers({ from, lines }: { from: number; lines: number }) {
  return (
    <pre style={linesVar(lines)}>
      {Array.from({ length: lines }, (_, i) => from + i).join('\n')}
    </pre>
  )
})

const Lines = memo(function Lines({
  body,
  lines,
  html,
}: {
  body: string
  lines: number
  html: string | undefined
}) {
  // highlight.js escapes the file's text; only its own <span class="hljs-…"> are markup.
  return html === undefined ? (
    <pre style={linesVar(lines)}>{body}</pre>
  ) : (
    <pre style={linesVar(lines)} dangerouslySetInnerHTML={{ __html: html }} />
  )
})

/**
 * Text with line numbers and, when the language is known, colours (highlight.js, lazily). The
 * text comes in parts (the chunks of a preview); each is laid out and coloured once, so
 * reading on through a large log does not redo the lines already shown. A construct spanning
 * two chunks (a long comment) is coloured per chunk.
 */
export function CodeLines({
  parts,
  language,
}: {
  parts: readonly string[]
  language: string | undefined
}) {
  const blocks = useMemo(() => toBlocks(parts), [parts])
  const [coloured, setColoured] = useState<ReadonlyMap<string, string>>(new Map())
  useEffect(() => {
    if (!isHighlightable(language)) return
    let live = true
    for (const { body } of blocks) {
      if (coloured.has(body)) continue
      void highlight(body, language).then((html) => {
        if (live && html !== undefined) setColoured((before) => new Map(before).set(body, html))
      })
    }
    return () => {
      live = false
    }
    // `coloured` is read to skip blocks done already; its changes need no new pass.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocks, language])
  const all = isHighlightable(language) && blocks.every((b) => coloured.has(b.body))
  return (
    <div className={classes.code} data-testid="preview-code">
      <div className={classes.gutter} aria-hidden="true" data-testid="preview-line-numbers">
        {blocks.map((b) => (
          <Numbers key={b.from} from={b.from} lines={b.lines} />
        ))}
      </div>
      <div
        className={classes.lines}
        data-testid="preview-text"
        data-highlighted={all ? language : undefined}
      >
        {blocks.map((b) => (
          <Lines key={b.from} body={b.body} lines={b.lines} html={coloured.get(b.body)} />
        ))}
      </div>
    </div>
  )
}
