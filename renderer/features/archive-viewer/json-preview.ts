import type { TreeNode } from './archive-model'

/**
 * The start of a loaded node as `JSON.stringify(value, null, 2)` writes it, stopping once
 * `limit` characters are written: the details pane shows 20,000 characters of a section, and
 * writing all of a big one (a calculation with its DOS) on every selection froze the window.
 * `cut` says there was more.
 */
export function jsonPreview(node: TreeNode, limit: number): { text: string; cut: boolean } {
  const parts: string[] = []
  let length = 0
  const write = (text: string) => {
    parts.push(text)
    length += text.length
    return length <= limit
  }
  function visit(value: TreeNode | undefined, indent: string): boolean {
    if (value === undefined || value.t === 'lazy') return write('null')
    if (value.t === 'value') return write(JSON.stringify(value.value))
    const inner = `${indent}  `
    if (value.t === 'list') {
      if (value.items.length === 0) return write('[]')
      if (!write('[')) return false
      for (let i = 0; i < value.items.length; i++) {
        if (!write(`${i > 0 ? ',' : ''}\n${inner}`) || !visit(value.items[i], inner)) return false
      }
      return write(`\n${indent}]`)
    }
    if (value.keys.length === 0) return write('{}')
    if (!write('{')) return false
    for (const [i, key] of value.keys.entries()) {
      if (!write(`${i > 0 ? ',' : ''}\n${inner}${JSON.stringify(key)}: `)) return false
      if (!visit(value.children[key], inner)) return false
    }
    return write(`\n${indent}}`)
  }
  const whole = visit(node, '')
  const text = parts.join('')
  return whole ? { text, cut: false } : { text: text.slice(0, limit), cut: true }
}
