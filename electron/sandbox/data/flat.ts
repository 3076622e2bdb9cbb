/**
 * V8 keeps strings built by slicing or concatenation as trees that pin their parts (a 28-char
 * id sliced from an 88-char digest keeps all 88 chars alive). Strings stored per entry are
 * flattened through a Buffer copy; at 100 000 entries this saves tens of megabytes.
 */
export function flat(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1')
}
