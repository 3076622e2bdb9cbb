import { useEffect, useState } from 'react'

/** The value as it was `delay` ms after it last changed (compared as JSON). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value)
  const text = JSON.stringify(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), delay)
    return () => clearTimeout(timer)
  }, [text, delay])
  return settled
}
