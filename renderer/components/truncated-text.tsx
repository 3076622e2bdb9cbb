import { Text, type TextProps } from '@mantine/core'
import { LazyTooltip } from './lazy-tooltip'
import { useEffect, useRef, useState } from 'react'

/**
 * Single-line text cut with an ellipsis; hovering shows the full text, but only when it was
 * actually cut (long server names, URLs).
 *
 * Measured in the ResizeObserver's callback, which the browser runs after its own layout (once
 * on observe, then on every size change), never while React commits: reading scrollWidth there
 * forced a layout of the whole window in the middle of the first screen's commit (~11 ms warm,
 * the server name in the header). Whether the text is cut changes no pixel, only the tooltip,
 * so nothing is shown before it is known.
 */
export function TruncatedText({
  children,
  ...props
}: TextProps & { children: string; 'data-testid'?: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  const [cut, setCut] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver(() => setCut(el.scrollWidth > el.clientWidth + 1))
    observer.observe(el)
    return () => observer.disconnect()
  }, [children])
  return (
    <LazyTooltip label={children} disabled={!cut} multiline maw={480} withArrow openDelay={300}>
      <Text ref={ref} truncate="end" {...props}>
        {children}
      </Text>
    </LazyTooltip>
  )
}
