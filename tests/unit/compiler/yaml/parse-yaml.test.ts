import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { checkPageSource, listFiles } from '../../../../src/compiler/index'
import { limits, parseYaml } from '../../../../src/compiler/yaml/parse-yaml'
import { findIndentSlip } from '../../../../src/compiler/yaml/yaml-indentation'
import { splitLines } from '../../../../src/compiler/yaml/yaml-line'
import { fixtureSchemas, projectRoot } from '../../../support/fixture-targets'
import { yamlSyntaxCodes } from '../../../../src/compiler/problems/errors'

const utf8 = (text: string) => new TextEncoder().encode(text)
const page = (title: string) => `title: ${title}\ndescription: d\nblocks:\n  - type: intro\n    title: t\n`
const schemas = fixtureSchemas()

/** As many short keys as fit under the size cap (about 20,000). */
export function hugeMapping(): string {
  return Array.from({ length: 20000 }, (_, i) => `${i.toString(36)}: 1`).join('\n').slice(0, limits.maxFileBytes - 1)
}
const codes = (bytes: Uint8Array) => checkPageSource('p.yaml', bytes, schemas).problems.map((p) => `${p.code} ${p.line}:${p.column}`)

describe('strict YAML reading', () => {
  it('accepts a plain valid page and a UTF-8 byte-order mark', () => {
    expect(codes(utf8(page('Hello')))).toEqual([])
    expect(codes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(page('Hello'))]))).toEqual([])
  })

  it('rejects Latin-1 bytes at the first bad byte', () => {
    const bytes = new Uint8Array([...utf8('title: Caf'), 0xe9, ...utf8('\n')])
    const [p] = checkPageSource('p.yaml', bytes, schemas).problems
    expect(p).toMatchObject({ code: 'NotUtf8', line: 1, column: 11 })
    expect(p!.message).toContain('0xe9')
    expect(codes(new Uint8Array([...utf8('title: ok\ndescription: \u00e9'), 0xe9, 0x41]))).toEqual(['NotUtf8 2:15'])
  })

  it('rejects UTF-16 files', () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...Array.from(utf8('title: x')).flatMap((b) => [b, 0])])
    expect(codes(bytes)).toEqual(['NotUtf8 1:1'])
  })

  it('rejects NUL and right-to-left override characters where they stand', () => {
    expect(codes(utf8('title: a\u0000b\n'))).toEqual(['ControlCharacter 1:9'])
    expect(codes(utf8('title: ok\ndescription: x\u202Ey\n'))).toEqual(['ControlCharacter 2:15'])
  })

  // How fast these fail is measured by `npm run bench` (hostile inputs), not
  // asserted here: timings flake on shared machines.
  it('rejects a file over the size cap before parsing it', () => {
    expect(codes(utf8(`title: ${'x'.repeat(limits.maxFileBytes)}`))).toEqual(['FileTooLarge 1:1'])
  })

  it('rejects a mapping with 20,000 keys', () => {
    expect(codes(utf8(hugeMapping()))).toEqual(['TooManyKeys 1:1'])
  })

  it('rejects nesting 1,000 deep without overflowing the stack', () => {
    expect(codes(utf8(`title: ${'['.repeat(1000)}${']'.repeat(1000)}\n`))).toEqual([`TooDeep 1:${8 + limits.maxDepth}`])
  })

  it('keeps YAML 1.1 booleans and sexagesimals as the text they are under 1.2 core', () => {
    const result = parseYaml('p.yaml', utf8('a: no\nb: 1:20\nc: yes\n'))
    expect(result.ok && result.value).toEqual({ a: 'no', b: '1:20', c: 'yes' })
  })

  it('reports numbers where text belongs with the text as written', () => {
    for (const written of ['01234', '+123', '1.10']) {
      const [p] = checkPageSource('p.yaml', utf8(page(written)), schemas).problems
      expect(p).toMatchObject({ code: 'WrongType', line: 1, column: 8 })
      expect(p!.hint).toContain(`"${written}"`)
    }
  })

  it('rejects the YAML tags that would build sets, ordered maps, binaries and dates', () => {
    for (const tag of ['!!set', '!!omap', '!!binary', '!!timestamp', '!!js/function']) {
      expect(codes(utf8(`title: ${tag} x\n`))[0]).toBe('TagNotAllowed 1:8')
    }
  })

  it('treats __proto__ as an unknown field and pollutes no prototype', () => {
    const problems = checkPageSource('p.yaml', utf8(`${page('x')}__proto__:\n  polluted: true\n`), schemas).problems
    expect(problems.map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual(['UnknownField 6:1'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('reports a second document and an empty file', () => {
    expect(codes(utf8(`${page('x')}---\ntitle: y\n`))).toEqual(['MultipleDocuments 6:1'])
    expect(codes(utf8('# only a comment\n'))).toEqual(['EmptyFile 1:1'])
  })
})

describe('explaining a file YAML cannot read', () => {
  const first = 'Fix this first; the rest of the file is checked once it reads correctly. '
  const problems = (text: string) => {
    const result = parseYaml('p.yaml', utf8(text))
    return result.ok ? [] : result.problems.map((p) => [p.code, `${p.line}:${p.column}`, p.message, p.hint])
  }

  // One input for every problem the reader explains (the test below holds
  // it to that), with its exact place, message and hint: a case that stops
  // being recognised, after a change here or an upgrade of the yaml library,
  // fails here instead of falling through to a vaguer message. More cases,
  // each a file of its own, are in tests/fixtures/invalid.
  const cases: [name: string, text: string, code: string, at: string, message: string, hint: string][] = [
    ['a second document', 'title: a\n---\ntitle: b\n', 'MultipleDocuments', '2:1', 'This file holds more than one YAML document (a second "---" line).', `${first}One file is one page: delete the "---" line and everything below it, or move what is below it into a file of its own.`],
    ['a list item that lost its dash', 'items:\n  - title: a\n    text: b\n  title: c\n  text: d\n', 'MissingDash', '4:3', 'This line looks like a new list item that lost its "- ": "title" starts the item above too, and without the "- " YAML cannot read it.', `${first}Put "- " back at line 4, in the column of the "- " of "- title: a" on line 2: - title: c`],
    ['a bullet that lost its dash', 'bullets:\n  - Online surveys\n  Telephone interviews\n  - Video calls\n', 'MissingDash', '3:3', 'This line stands among the items of a list but lost its "- ", so YAML cannot read it.', `${first}Put "- " back at line 3, in the column of the "- " of "- Online surveys" on line 2: - Telephone interviews`],
    ['a value starting with *', 'title: *bold* claims\n', 'AliasNotAllowed', '1:8', 'This value starts with "*", which YAML reads as an alias (a reference to another part of the file), not as text.', `${first}If you meant the text "*bold* claims", put it in quotes: title: "*bold* claims"`],
    ['an unclosed quote', 'title: "Hello\ntext: x\n', 'UnclosedQuote', '1:8', 'The quote mark " that starts here is never closed, so YAML reads the rest of the file as part of this text.', `${first}Close it with the same quote mark at the end of the text, or remove it: title: "Hello"`],
    ['an unclosed single quote at the end of the file', "title: 'Hello", 'UnclosedQuote', '1:8', "The quote mark ' that starts here is never closed, so YAML reads the rest of the file as part of this text.", `${first}Close it with the same quote mark at the end of the text, or remove it: title: 'Hello'`],
    ['an unclosed brace', 'title: t\nx: {a: 1\n', 'UnclosedBracket', '2:4', 'The "{" that starts here is never closed with "}".', `${first}Close it at the end of the value (x: {a: 1}), or, if the bracket is part of the text, put the whole value in quotes (x: "{a: 1").`],
    ['text right after a closing bracket', 'a: [b]c\n', 'UnreadableLine', '1:7', 'YAML cannot read this line as part of the lines around it.', `${first}Compare it with the lines around it: fields are written "name: value", list items "- value", and lines that belong together start in the same column.`],
    ['a list item indented deeper than the field after the list', 'title: T\nblocks:\n  - type: x\n    bullets:\n        - one\n      - two\n    title: t\n', 'BadIndentation', '5:9', 'This list item is indented 8 spaces, but the other items of its list are indented 6 spaces.', `${first}Line it up with "- two" on line 6: put exactly 6 spaces before "- one".`],
    ['two fields pushed right under a list item whose other fields line up with it', 'title: T\ndescription: d\nblocks:\n  - type: hero\n        title: A\n        highlight: A\n    text: B\n    image: x\n', 'BadIndentation', '5:9', 'This field is indented 8 spaces, but the fields around it are indented 4 spaces.', `${first}Line it up with "type: hero" on line 4: put exactly 4 spaces before "title: A".`],
    ['a card\'s last field moved left, with the next card after it', 'title: T\nblocks:\n  - type: x\n    cards:\n      - title: A\n        icon: people\n    href: /a\n\n      - title: B\n', 'BadIndentation', '7:5', 'This field is indented 4 spaces, but the fields around it are indented 8 spaces.', `${first}Line it up with "icon: people" on line 6: put exactly 8 spaces before "href: /a".`],
    ['the first list item of a block moved, its fields not', 'title: T\ndescription: d\nblocks:\n   - type: hero\n    title: Hi\n    size: tall\n', 'BadIndentation', '4:4', 'This list item is indented 3 spaces, which puts "type" 1 space to the right of the fields under it.', `${first}Put exactly 2 spaces before "- type: hero", so "type" lines up with "title: Hi" on line 5.`],
    ['a field moved out of its mapping', 'a:\n  b: 1\nc: 2\n  d: 3\n  e: 4\n', 'BadIndentation', '3:1', 'This field is not indented, but the fields around it are indented 2 spaces.', `${first}Line it up with "b: 1" on line 2: put exactly 2 spaces before "c: 2".`],
    ['the first line indented', ' title: T\ndescription: d\n', 'BadIndentation', '1:2', 'This field is indented 1 space, but the fields around it are not indented.', `${first}Line it up with "description: d" on line 2: remove the spaces before "title: T".`],
    ['a line of block text left of the text', 'text: |\n    one\n   two\n    three\n', 'BadIndentation', '3:4', 'This line of text is indented 3 spaces, but the other lines of the same text are indented 4 spaces.', `${first}Line it up with "one" on line 2: put exactly 4 spaces before "two".`],
    ['a field left empty above its first field', 'backLink:\nlabel: Method\n  href: /\n', 'BadIndentation', '2:1', 'This field is not indented, but the fields around it are indented 2 spaces.', `${first}Line it up with "href: /" on line 3: put exactly 2 spaces before "label: Method".`],
    ['a value starting with @', 'title: @home\n', 'SpecialFirstCharacter', '1:8', 'A value cannot start with "@" unless it is in quotes: YAML gives that character a special meaning.', `${first}Put the whole value in quotes: title: "@home"`],
    ['a backslash in double quotes', 'title: "C:\\path"\n', 'BadEscape', '1:11', 'Inside double quotes a backslash starts a special character, and "\\p" is not one.', `${first}Use single quotes, where a backslash is just a backslash: title: 'C:\\path'`],
    ['an unclosed bracket', 'title: t\nbullets: [a, b\ntext: x\n', 'UnclosedBracket', '2:10', 'The "[" that starts here is never closed with "]".', `${first}Close it at the end of the value (bullets: [a, b]), or, if the bracket is part of the text, put the whole value in quotes (bullets: "[a, b").`],
    ['a stray bracket', 'bullets: [a, b]]\n', 'StrayBracket', '1:16', 'This "]" closes a bracket that was never opened.', `${first}Remove it, or, if it is part of the text, put the whole value in quotes: bullets: "[a, b]]"`],
    ['text after a closing quote', "title: 'It's here'\n", 'QuoteEndsEarly', '1:12', "The quoted text ends before the value does, so YAML cannot read \"s here'\" after the closing quote.", `${first}Put the whole value in quotes: title: "It's here"`],
    ['no space after a colon', 'title: T\ndescription:d\nblocks: x\n', 'NoSpaceAfterColon', '2:1', 'There is no space after the colon, so YAML does not read "description" as a field.', `${first}Put a space after the colon: description: d`],
    ['a line with no colon', 'title: t\ndescription\nblocks: x\n', 'NotAField', '2:1', 'This line is not a field: it has no ": " after a name, so YAML cannot read "description".', `${first}Write a field as its name, a colon and a space, then its value (description: ...). If the line continues the text above, indent it deeper than that field's name.`],
    ['a list item among fields', 'title: t\n- foo\n', 'ListItemAmongFields', '2:1', 'This list item ("- ...") stands among fields, where YAML expects "name: value".', `${first}Put the list under a field that ends with ":" (such as "bullets:"), indented deeper than that field; if the line is meant as a field, remove the "- ".`],
    ['a tag on a one-line value', 'title: !!str 01234\n', 'TagNotAllowed', '1:8', 'The tag "!!str" is not allowed in page files.', 'Remove the tag. To keep the value as text, put it in quotes: title: "01234"'],
    ['a field ending with a colon', 'title: Note:\n', 'ColonInValue', '1:8', 'The text of "title" ends with ":", which YAML reads as the start of another field.', `${first}Put the whole text in quotes: title: "Note:"`],
    ['a tab in block text', 'text: |\n  hi\n\tthere\n', 'TabIndent', '3:1', 'A tab is used for indentation; YAML only allows spaces.', `${first}Replace the tab with 2 spaces, so "there" lines up with "hi" on line 2.`],
    ['wrapped text with a colon', 'title: Who we\n  we recruit: everyone\n', 'BadIndentation', '2:3', 'This field is indented 2 spaces, but the fields around it are not indented.', `${first}Line it up with "title: Who we" on line 1: remove the spaces before "we recruit: everyone". If it continues the text on line 1, put that whole text in quotes instead.`],
  ]
  it.each(cases)('%s', (_, text, code, at, message, hint) => {
    expect(problems(text)).toEqual([[code, at, message, hint]])
  })

  it('has an input above for every problem the reader explains', () => {
    expect(yamlSyntaxCodes.filter((code) => !cases.some((c) => c[2] === code))).toEqual([])
  })

  it('reports only the first syntax error: the parser is lost after it', () => {
    const text = `${page('x')}  - type: intro\n\ttitle: Hi\n    eyebrow: e\n  - type: intro\n    title: t\n    text: u\n`
    expect(parseDocument(text).errors.length).toBeGreaterThan(5)
    expect(codes(utf8(text))).toEqual(['TabIndent 7:1'])
  })

  it('finds every line of the real pages and fixtures in line', () => {
    const files = [...listFiles(join(projectRoot, 'pages')), ...listFiles(join(projectRoot, 'tests/fixtures'))]
    const yamlFiles = files.filter((f) => f.endsWith('.yaml') && !f.includes('fixtures/invalid'))
    expect(yamlFiles.length).toBeGreaterThan(20)
    for (const file of yamlFiles) {
      const lines = splitLines(readFileSync(file, 'utf8'))
      expect(findIndentSlip(lines, lines.length), file).toBeUndefined()
    }
  })
})
