/**
 * The code of the hashing thread (ring-hasher.ts), a constant string evaluated by Node
 * (`eval: true`): it needs no build entry, so the same module works in the web host, Electron's
 * main process and the tests.
 *
 * It hashes stretches of shared memory that the main thread describes in a ring of slots
 * (offset, length, flags). A slot flagged SWITCH starts a new piece of memory, whose
 * SharedArrayBuffer the main thread posted on `blocks` just before: the thread takes it with
 * receiveMessageOnPort, so it never needs an event loop and holds one piece at a time (the
 * memory the transport stops using is collected as usual).
 */

/** Control slots: slots published, slots hashed, "no more data", a wake sequence, "asleep". */
export const HEAD = 0
export const TAIL = 1
export const DONE = 2
export const SEQ = 3
export const ASLEEP = 4
export const CONTROL_SLOTS = 5
/** Int32 values per slot: offset, length, flags. */
export const SLOT_WORDS = 3
/** The slot's memory differs from the previous slot's: take the next buffer from the port. */
export const SWITCH = 1
/** Slot positions wrap here (a power of two, so `& MASK` keeps differences right). */
export const MASK = 0x7fffffff

export const HASH_WORKER_SOURCE = `
const { workerData, parentPort, receiveMessageOnPort } = require('node:worker_threads')
const { createHash } = require('node:crypto')
const { openSync, readSync, closeSync } = require('node:fs')
const { control, slots, blocks, prefixPath, prefixBytes } = workerData
const c = new Int32Array(control)
const s = new Int32Array(slots)
const count = s.length / ${SLOT_WORDS}
const hash = createHash('sha256')
if (prefixBytes > 0) {
  const fd = openSync(prefixPath, 'r')
  const scratch = Buffer.allocUnsafe(4 * 1024 * 1024)
  try {
    for (let at = 0; at < prefixBytes; ) {
      const n = readSync(fd, scratch, 0, Math.min(scratch.length, prefixBytes - at), at)
      if (n === 0) throw new Error('the file ends at byte ' + at + ', before byte ' + prefixBytes)
      hash.update(scratch.subarray(0, n))
      at += n
    }
  } finally {
    closeSync(fd)
  }
}
let memory = new Uint8Array(0)
let tail = 0
for (;;) {
  const seq = Atomics.load(c, ${SEQ})
  // Say "asleep" before the last look at the head: a producer that stores after this look sees
  // the flag and wakes this thread; one that stored before it is seen here.
  Atomics.store(c, ${ASLEEP}, 1)
  const head = Atomics.load(c, ${HEAD})
  if (head === tail) {
    if (Atomics.load(c, ${DONE}) === 1) break
    Atomics.wait(c, ${SEQ}, seq)
    continue
  }
  Atomics.store(c, ${ASLEEP}, 0)
  while (tail !== head) {
    const at = (tail % count) * ${SLOT_WORDS}
    if ((s[at + 2] & ${SWITCH}) !== 0) {
      const next = receiveMessageOnPort(blocks)
      if (next === undefined) throw new Error('a slot named memory that was not sent')
      memory = new Uint8Array(next.message)
    }
    hash.update(memory.subarray(s[at], s[at] + s[at + 1]))
    tail = (tail + 1) & ${MASK}
    Atomics.store(c, ${TAIL}, tail)
  }
  Atomics.notify(c, ${TAIL})
}
blocks.close()
parentPort.postMessage(hash.digest('hex'))
`
