import { describe, expect, it } from 'vitest'
import { answerLimits, DEFAULT_ANSWER_LIMITS, durationText, sizeText } from './answer-limits'

describe('answer limits', () => {
  it('keeps archives larger than metadata, and both below what V8 can hold as one string', () => {
    const { maxJsonBytes, jsonDeadlineMs } = DEFAULT_ANSWER_LIMITS
    expect(maxJsonBytes.archive).toBeGreaterThan(maxJsonBytes.metadata)
    expect(jsonDeadlineMs.archive).toBeGreaterThan(jsonDeadlineMs.metadata)
    // 0x1fffffe8 UTF-16 units: the longest string JSON.parse could be given.
    expect(maxJsonBytes.archive).toBeLessThan(0x1fffffe8)
  })

  it('overrides one kind and keeps the defaults of the other', () => {
    const limits = answerLimits({ maxJsonBytes: { metadata: 1024 } })
    expect(limits.maxJsonBytes).toEqual({
      metadata: 1024,
      archive: DEFAULT_ANSWER_LIMITS.maxJsonBytes.archive,
    })
    expect(limits.jsonDeadlineMs).toEqual(DEFAULT_ANSWER_LIMITS.jsonDeadlineMs)
  })

  it('states sizes and durations as people read them', () => {
    expect(sizeText(300)).toBe('300 bytes')
    expect(sizeText(128 * 1024)).toBe('128 KiB')
    expect(sizeText(655_675)).toBe('640.3 KiB')
    expect(sizeText(384 * 1024 * 1024)).toBe('384 MiB')
    expect(durationText(400)).toBe('400 ms')
    expect(durationText(1500)).toBe('1.5 s')
    expect(durationText(120_000)).toBe('120 s')
  })
})
