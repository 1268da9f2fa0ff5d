/**
 * The field that holds words shown in the preview: the path of the string
 * in a block's data equal to them (or, failing that, the longest string
 * they contain, for a heading made of a title and its highlight).
 */
import type { Path } from './form-context.ts'

export function pathOfWords(value: unknown, words: string, at: Path = []): Path | undefined {
  let best: { path: Path; length: number } | undefined
  const visit = (node: unknown, path: Path): boolean => {
    if (typeof node === 'string') {
      const text = node.trim()
      if (text === words) {
        best = { path, length: Infinity }
        return true
      }
      if (text.length > 2 && words.includes(text) && text.length > (best?.length ?? 0)) best = { path, length: text.length }
      return false
    }
    if (Array.isArray(node)) return node.some((item, i) => visit(item, [...path, i]))
    if (node && typeof node === 'object') return Object.entries(node).some(([key, item]) => key !== 'type' && visit(item, [...path, key]))
    return false
  }
  visit(value, at)
  return best?.path
}
