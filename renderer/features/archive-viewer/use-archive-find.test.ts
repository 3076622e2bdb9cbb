import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { useArchiveFind } from './use-archive-find'

describe('useArchiveFind', () => {
  it('keeps an Enter pressed before the deferred search caught up, and steps once it has', () => {
    const reveal = vi.fn()
    const input = { current: null }
    const hit: ArchivePath = ['run', 0, 'calculation', 99_999, 'step']
    const { result, rerender } = renderHook(
      ({ deferred, hits }: { deferred: string; hits: ArchivePath[] }) =>
        useArchiveFind(
          { text: '99999', deferred, setText: () => undefined },
          hits,
          null,
          reveal,
          input,
        ),
      { initialProps: { deferred: '', hits: [] as ArchivePath[] } },
    )
    // A big tree is still being filtered by the old text: the hits are not the typed text's.
    result.current.step(1)
    expect(reveal).not.toHaveBeenCalled()
    rerender({ deferred: '99999', hits: [hit] })
    expect(reveal).toHaveBeenCalledExactlyOnceWith(hit)
  })
})
