import { Text, Tooltip, type TextProps } from '@mantine/core'
import { useLayoutEffect, useRef, useState } from 'react'

/**
 * Single-line text cut with an ellipsis; hovering shows the full text, but only when it was
 * actually cut (long server names, URLs).
 */
export function TruncatedText({
  children,
  ...props
}: TextProps & { children: string; 'data-testid'?: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  const [cut, setCut] = useState(false)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setCut(el.scrollWidth > el.clientWidth + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [children])
  return (
    <Tooltip label={children} disabled={!cut} multiline maw={480} withArrow openDelay={300}>
      <Text ref={ref} truncate="end" {...props}>
        {children}
      </Text>
    </Tooltip>
  )
}
