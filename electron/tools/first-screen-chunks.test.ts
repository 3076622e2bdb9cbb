import { describe, expect, it } from 'vitest'
import { firstScreenChunkGroups } from './first-screen-chunks'

// A small module graph: the entry (main) reaches react and a shared hook statically; the Search
// screen reaches the hook, its own table and a date library; another screen shares the library.
const imports: Record<string, string[]> = {
  '/r/main.tsx': ['/nm/react.js', '/r/hooks.ts'],
  '/r/hooks.ts': ['/nm/react.js'],
  '/nm/react.js': [],
  '/r/search.tsx': ['/r/hooks.ts', '/r/table.tsx', '/nm/dates.js'],
  '/r/table.tsx': ['/nm/react.js', '/nm/dates.js'],
  '/nm/dates.js': [],
  '/r/uploads.tsx': ['/nm/dates.js', '/nm/stepper.js'],
  '/nm/stepper.js': [],
}
const graph = {
  getModuleInfo: (id: string) => {
    const importedIds = imports[id]
    return importedIds ? { importedIds } : null
  },
}

function groups() {
  const [initial, firstScreen] = firstScreenChunkGroups('/r/main.tsx', '/r/search.tsx')
  if (!initial || !firstScreen) throw new Error('two groups expected')
  const name = firstScreen.name
  if (typeof name !== 'function' || typeof initial.test !== 'function')
    throw new Error('functions expected')
  const test = initial.test
  return {
    initial,
    firstScreen,
    // The chunking context passed to `name` has more than getModuleInfo; only that is used.
    nameOf: (id: string) => name(id, graph as unknown as Parameters<typeof name>[1]),
    inInitial: (id: string) => test(id),
  }
}

describe('firstScreenChunkGroups', () => {
  it('gathers every module the entry loads statically, except the entry itself, ahead of the rest', () => {
    const { initial, firstScreen, inInitial } = groups()
    expect(initial.tags).toEqual(['$initial'])
    expect(inInitial('/nm/react.js')).toBe(true)
    expect(inInitial('/r/hooks.ts')).toBe(true)
    expect(inInitial('/r/main.tsx')).toBe(false)
    expect(initial.priority).toBeGreaterThan(firstScreen.priority ?? 0)
  })

  it('puts what only the first screen loads statically, app code and libraries, in one group', () => {
    const { nameOf } = groups()
    expect(nameOf('/r/table.tsx')).toBe('first-screen')
    expect(nameOf('/nm/dates.js')).toBe('first-screen')
  })

  it('leaves the entry’s modules, the screen’s own module and other screens’ code alone', () => {
    const { nameOf } = groups()
    expect(nameOf('/r/hooks.ts')).toBeNull()
    expect(nameOf('/nm/react.js')).toBeNull()
    expect(nameOf('/r/search.tsx')).toBeNull()
    expect(nameOf('/nm/stepper.js')).toBeNull()
    expect(nameOf('/r/uploads.tsx')).toBeNull()
  })

  it('names a missing screen module instead of splitting silently', () => {
    const [, firstScreen] = firstScreenChunkGroups('/r/main.tsx', '/r/missing.tsx')
    const name = firstScreen?.name
    if (typeof name !== 'function') throw new Error('function expected')
    expect(() => name('/r/table.tsx', graph as unknown as Parameters<typeof name>[1])).toThrow(
      /no module \/r\/missing\.tsx/,
    )
  })
})
