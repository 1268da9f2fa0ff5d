/**
 * "Duplicate this item": the card, testimonial, step or bullet under the
 * cursor, copied below itself. Adding an item to a list is the edit an
 * author makes most often, and typing one fresh means getting every field's
 * indentation right; a copy has it right, and the check then points at the
 * words still to change (a sentence repeated word for word). Plain text in,
 * an edit out, so it is tested without a browser.
 */

export interface DuplicateEdit {
  /** Where the copy goes (an offset in the text) and what is inserted there. */
  from: number
  insert: string
  /** Where the cursor goes: just after the copy's "- ". */
  cursor: number
}

const indentOf = (line: string) => /^ */.exec(line)![0].length
const blank = (line: string) => !line.trim() || /^\s*#/.test(line)
const dashAt = (line: string) => (/^\s*- /.test(line) || /^\s*-$/.test(line) ? indentOf(line) : undefined)

/**
 * The edit that copies the innermost list item around `cursor`, or
 * undefined when the cursor is in no item of a list inside a block (a whole
 * block is added with "Add a block" instead).
 */
export function duplicateItemEdit(text: string, cursor: number): DuplicateEdit | undefined {
  const lines = text.split('\n')
  const starts: number[] = []
  let offset = 0
  for (const line of lines) {
    starts.push(offset)
    offset += line.length + 1
  }
  let here = starts.findLastIndex((start) => start <= cursor)
  if (here < 0) return undefined
  // On a blank line the item is the one above it.
  while (here > 0 && blank(lines[here]!)) here--
  const blocksLine = lines.findIndex((l) => /^blocks:\s*$/.test(l))
  const blockDash = lines.slice(blocksLine + 1).map(dashAt).find((d) => d !== undefined)
  if (blocksLine < 0 || blockDash === undefined || here <= blocksLine) return undefined

  // Up from the cursor, the first "- " left of every line passed: the
  // innermost item that holds the cursor's line.
  let left = Infinity
  for (let n = here; n > blocksLine; n--) {
    const line = lines[n]!
    if (blank(line)) continue
    const dash = dashAt(line)
    if (dash !== undefined && dash < left) return dash <= blockDash ? undefined : copy(lines, starts, n, dash)
    left = Math.min(left, indentOf(line))
  }
  return undefined
}

function copy(lines: readonly string[], starts: readonly number[], first: number, dash: number): DuplicateEdit {
  let last = first
  for (let n = first + 1; n < lines.length; n++) {
    const line = lines[n]!
    if (blank(line)) continue
    if (indentOf(line) <= dash) break
    last = n
  }
  // The items are set apart by a blank line when this one is from the next
  // (or, for the last item, from the one before).
  let next = last + 1
  while (next < lines.length && !lines[next]!.trim()) next++
  let previous = first - 1
  while (previous > 0 && !lines[previous]!.trim()) previous--
  const spaced =
    next < lines.length && dashAt(lines[next]!) === dash
      ? next > last + 1
      : previous < first - 1 && indentOf(lines[previous]!) > dash
  const item = lines.slice(first, last + 1).join('\n')
  const end = starts[last]! + lines[last]!.length
  const insert = `\n${spaced ? '\n' : ''}${item}`
  return { from: end, insert, cursor: end + insert.indexOf('- ') + 2 }
}
