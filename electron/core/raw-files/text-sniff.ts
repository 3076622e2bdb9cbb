/**
 * Decides whether the first bytes of a file are text worth showing. Raw files of uploads are
 * text outputs (OUTCAR, aims.out, INCAR…) next to images, archives and binary wavefunctions;
 * showing the latter as text fills the screen with garbage.
 */

export type Sniffed =
  | { kind: 'empty' }
  | { kind: 'binary' }
  | { kind: 'text'; encoding: 'utf-8' | 'latin-1'; text: string }

// Control characters that plain text files do not contain (tab, LF, VT, FF, CR and ESC do).
const isOddControl = (byte: number) =>
  byte < 0x20 &&
  byte !== 9 &&
  byte !== 10 &&
  byte !== 11 &&
  byte !== 12 &&
  byte !== 13 &&
  byte !== 27

/** Length without a UTF-8 sequence cut off at the end (the preview stops mid-file). */
function withoutCutSequence(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0
    if ((byte & 0xc0) === 0x80) continue // continuation byte: look further back
    if ((byte & 0x80) === 0) return bytes.length // ASCII: nothing cut
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
    return needed > back ? bytes.length - back : bytes.length
  }
  return bytes.length
}

/**
 * `truncated`: the bytes are only the start of the file, so a multi-byte character cut at the
 * end is expected rather than a sign of binary data.
 */
export function sniffText(bytes: Uint8Array, truncated: boolean): Sniffed {
  if (bytes.length === 0) return { kind: 'empty' }
  let odd = 0
  for (const byte of bytes) {
    if (byte === 0) return { kind: 'binary' }
    if (isOddControl(byte)) odd++
  }
  // A few stray control characters happen in logs; more than 1 in 100 is not text.
  if (odd * 100 > bytes.length) return { kind: 'binary' }
  const end = truncated ? withoutCutSequence(bytes) : bytes.length
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end))
    return { kind: 'text', encoding: 'utf-8', text }
  } catch {
    // Not UTF-8 but free of control characters: an older 8-bit text file (Å in a comment).
    return { kind: 'text', encoding: 'latin-1', text: new TextDecoder('latin1').decode(bytes) }
  }
}
