import { describe, expect, it } from 'vitest'
import { formatProblem } from '../../../../src/compiler/problems/problems'
import { wrongType, type FieldContext } from '../../../../src/compiler/schema/wrong-type'
import { parseYaml } from '../../../../src/compiler/yaml/parse-yaml'

/**
 * A value of the wrong kind: what was written is said in the author's
 * words, with the fix for the way it went wrong (a comment that ate the
 * value, a number or yes/no that needs quotes, a colon that made fields,
 * a list or group written on one line, a required field left empty).
 */
function wrong(text: string, field: string, expected: string, context: Partial<FieldContext> = {}) {
  const read = parseYaml('p.yaml', new TextEncoder().encode(text))
  if (!read.ok) throw new Error(`${text} does not parse`)
  const data = (read.value as Record<string, unknown>)[field]
  const p = wrongType(read.parsed, [field], `"${field}"`, expected, data, { file: 'p.yaml', line: 1, column: 1 }, { required: true, ...context })
  return { fix: (p.args as { fix?: { kind: string } }).fix, text: formatProblem(p) }
}

const snippet = '  image:\n    src: /media/img/x.webp\n    alt: ""'

describe('wrongType', () => {
  it('a comment that took the whole value: quote it', () => {
    expect(wrong('eyebrow: #1 choice\n', 'eyebrow', 'string')).toEqual({
      fix: { kind: 'comment-ate-value', name: 'eyebrow', rest: '#1 choice' },
      text: 'p.yaml:1:1  "eyebrow" must be text, but here it is empty.  [WrongType]\n    hint: In YAML "#" starts a comment, so "#1 choice" was read as nothing. Put the value in quotes: eyebrow: "#1 choice"',
    })
  })

  it('a number or a yes/no where text belongs: quote it, as written', () => {
    expect(wrong('title: 2024\n', 'title', 'string').text).toBe('p.yaml:1:1  "title" must be text, but here it is the number 2024.  [WrongType]\n    hint: YAML reads 2024 as a number. Put it in quotes to keep it as written: "2024"')
    expect(wrong('title: true\n', 'title', 'string').fix).toEqual({ kind: 'quote-to-keep', shown: 'true', reads: 'true or false' })
    // YAML 1.2, as pages are read: "Yes" is text, not a yes/no.
    expect(wrong('title: Yes\n', 'title', 'string').fix).toBeUndefined()
  })

  it('fields where text belongs: the colon made them', () => {
    expect(wrong('title:\n  Note: this\n', 'title', 'string').fix).toEqual({ kind: 'colon-made-fields' })
  })

  it('a list or a group written as text: how to write it, with the schema’s example', () => {
    expect(wrong('bullets: one\n', 'bullets', 'array', { snippet }).fix).toEqual({ kind: 'write-list', snippet })
    expect(wrong('image: pic.webp\n', 'image', 'object', { snippet }).text).toBe(
      'p.yaml:1:1  "image" must be a set of fields, but here it is text.  [WrongType]\n    hint: Write its fields on the lines below "image:", indented two more spaces, with nothing after the colon, like this:\n            image:\n              src: /media/img/x.webp\n              alt: ""',
    )
  })

  it('a required field left empty: write a value after its colon', () => {
    expect(wrong('title:\n', 'title', 'string')).toEqual({ fix: { kind: 'empty-required', name: 'title' }, text: 'p.yaml:1:1  "title" must be text, but here it is empty.  [WrongType]\n    hint: Write a value after the colon; "title" is required.' })
  })
})
