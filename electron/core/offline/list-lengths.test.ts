import { describe, expect, it } from 'vitest'
import { lengthsSpec, placeAtLengths } from './list-lengths'
import { SUMMARY_REQUIRED } from './library-records'

describe('list lengths of a pinned summary', () => {
  it('asks for the lengths of the lists the summary slices, and nothing else', () => {
    expect(lengthsSpec(SUMMARY_REQUIRED)).toEqual({ run: { calculation: {}, system: {} } })
    expect(lengthsSpec({ metadata: '*', results: '*' })).toBeNull()
  })

  it('lays each kept slice out at its real index, null for the items not kept', () => {
    const archive = {
      metadata: { entry_id: 'e1' },
      run: [{ calculation: [{ system_ref: '#/run/0/system/2' }], system: [{ n: 'last' }] }],
    }
    const lengths = { run: [{ calculation: [{}, {}, {}], system: [{}, {}, {}] }] }
    expect(placeAtLengths(archive, lengths, SUMMARY_REQUIRED)).toEqual({
      metadata: { entry_id: 'e1' },
      run: [
        {
          calculation: [null, null, { system_ref: '#/run/0/system/2' }],
          system: [null, null, { n: 'last' }],
        },
      ],
    })
  })

  it('places an index and a forward slice where they start', () => {
    const lengths = { items: [{}, {}, {}, {}] }
    expect(placeAtLengths({ items: ['b'] }, lengths, { 'items[1]': '*' })).toEqual({
      items: [null, 'b', null, null],
    })
    expect(placeAtLengths({ items: ['c', 'd'] }, lengths, { 'items[2:]': '*' })).toEqual({
      items: [null, null, 'c', 'd'],
    })
    // An index past the end is the last item, as the server reads it.
    expect(placeAtLengths({ items: ['d'] }, lengths, { 'items[9]': '*' })).toEqual({
      items: [null, null, null, 'd'],
    })
  })

  it('leaves an archive without the lists alone', () => {
    expect(placeAtLengths({ results: { a: 1 } }, {}, SUMMARY_REQUIRED)).toEqual({
      results: { a: 1 },
    })
  })
})
