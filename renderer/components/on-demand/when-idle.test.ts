import { describe, expect, it } from 'vitest'
import { whenIdle } from './when-idle'

const settle = () => new Promise((resolve) => setTimeout(resolve, 120))

describe('whenIdle', () => {
  it('runs nothing before `after` resolves, then every task in order, one at a time', async () => {
    const ran: number[] = []
    let release: () => void = () => undefined
    const after = new Promise<void>((resolve) => (release = resolve))
    whenIdle(
      [1, 2, 3].map((n) => () => {
        ran.push(n)
        return Promise.resolve()
      }),
      after,
    )
    await settle()
    expect(ran).toEqual([])
    release()
    await settle()
    await settle()
    expect(ran).toEqual([1, 2, 3])
  })

  it('goes on after a failed task, and a cancel stops what has not started', async () => {
    const ran: string[] = []
    const cancel = whenIdle([
      () => Promise.reject(new Error('chunk missing')),
      () => {
        ran.push('second')
        cancel()
        return Promise.resolve()
      },
      () => {
        ran.push('third')
        return Promise.resolve()
      },
    ])
    await settle()
    await settle()
    expect(ran).toEqual(['second'])
  })
})
