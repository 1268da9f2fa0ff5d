import { describe, expect, it } from 'vitest'
import { LineCounter, parseDocument } from 'yaml'
import { formatProblem } from '../../../../src/compiler/problems/problems'
import { describeSyntaxError } from '../../../../src/compiler/yaml/yaml-syntax-error'
import { pageReading } from '../../../../src/compiler/yaml/page-reading'

/**
 * A file the parser could not read: the first mistake, in the author's
 * words, at its line and column, with the fix, never the parser's message.
 * Each case is one of the mistakes authors make (parse-yaml.test.ts checks
 * them through parseYaml, with the rest of its work).
 */
function described(source: string): string {
  const lineCounter = new LineCounter()
  const doc = parseDocument(source, { lineCounter, ...pageReading, prettyErrors: false, strict: true })
  expect(doc.errors.length, 'the parser refuses it').toBeGreaterThanOrEqual(1)
  return formatProblem(describeSyntaxError('p.yaml', source, doc.errors, lineCounter))
}

describe('describeSyntaxError', () => {
  it('an unclosed quote, at the quote, with the line closed for the author', () => {
    expect(described('title: "Open quote\ndescription: x\n')).toBe(
      'p.yaml:1:8  The quote mark " that starts here is never closed, so YAML reads the rest of the file as part of this text.  [UnclosedQuote]\n    hint: Close it with the same quote mark at the end of the text, or remove it: title: "Open quote"',
    )
  })

  it('a tab as indentation, with the spaces that line it up', () => {
    expect(described('title: T\nblocks:\n  - type: hero\n\ttitle: x\n')).toBe(
      'p.yaml:4:1  A tab is used for indentation; YAML only allows spaces.  [TabIndent]\n    hint: Replace the tab with 4 spaces, so "title: x" lines up with "type: hero" on line 3.',
    )
  })

  it('a field indented one space too far, against the field it belongs with', () => {
    expect(described('title: T\nblocks:\n  - type: hero\n     title: x\n')).toBe(
      'p.yaml:4:6  This field is indented 5 spaces, but the fields around it are indented 4 spaces.  [BadIndentation]\n    hint: Line it up with "type: hero" on line 3: put exactly 4 spaces before "title: x".',
    )
  })

  it('": " inside a text, and a bracket left open: quote the whole text', () => {
    expect(described('title: T\ndescription: A: b\n  more: c\n')).toBe(
      'p.yaml:2:14  The text of "description" contains ": ", which YAML reads as the start of another field.  [ColonInValue]\n    hint: Put the whole text in quotes: description: "A: b"',
    )
    expect(described('title: [a, b\ndescription: x\n')).toBe(
      'p.yaml:1:8  The "[" that starts here is never closed with "]".  [UnclosedBracket]\n    hint: Close it at the end of the value (title: [a, b]), or, if the bracket is part of the text, put the whole value in quotes (title: "[a, b").',
    )
  })

  it('a second document in one file', () => {
    expect(described('title: T\n---\ntitle: U\n')).toBe(
      'p.yaml:2:1  This file holds more than one YAML document (a second "---" line).  [MultipleDocuments]\n    hint: One file is one page: delete the "---" line and everything below it, or move what is below it into a file of its own.',
    )
  })
})
