import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkPageSource } from '../../src/build/load-site'
import { fixtureSchemas, projectRoot } from './fixture-targets'

/**
 * Every file in tests/fixtures/invalid with every problem it must report:
 * code, exact line:column of the faulty node, and words of the message.
 */
const expected: Record<string, [code: string, at: string, says: string][]> = {
  'alias-bomb.yaml': Array.from({ length: 18 }, (_, i) => [
    'AliasNotAllowed',
    `${i < 9 ? 2 : 3}:${8 + 3 * (i % 9)}`,
    i < 9 ? 'alias *a' : 'alias *b',
  ]),
  'bad-anchor.yaml': [['InvalidValue', '6:9', '"id" does not have the expected form']],
  'broken-link.yaml': [['BrokenLink', '8:13', '"/b2b-audiense" goes to a page that does not exist']],
  'bullets-not-a-list.yaml': [['WrongType', '6:14', '"bullets" must be a list, but here it is text']],
  'duplicate-key.yaml': [['DuplicateKey', '3:1', '"title" appears twice']],
  'empty.yaml': [['EmptyFile', '1:1', 'empty']],
  'hash-starts-comment.yaml': [['WrongType', '6:14', '"eyebrow" must be text, but here it is empty']],
  'highlight-not-in-title.yaml': [['HighlightNotInTitle', '6:16', '"SME research" does not appear in the title']],
  'include-tag.yaml': [['TagNotAllowed', '2:14', '"!include" is not allowed']],
  'javascript-link.yaml': [['UnsafeLink', '8:13', '"javascript:alert(1)" is not allowed']],
  'key-collision.yaml': [
    ['KeyNotText', '3:1', 'field name 1 is not plain text'],
    ['DuplicateKey', '4:1', '"1" appears twice'],
  ],
  'many-problems.yaml': [
    ['UnknownField', '1:1', '"titel" is not a field of the page'],
    ['WrongType', '2:14', '"description" must be text, but here it is the number 42'],
    ['UnknownBlockType', '4:11', 'no block type "heor"'],
    ['MissingField', '5:5', 'The "intro" block is missing the required field "title"'],
    ['NotAllowedValue', '8:11', '"huge" is not an allowed value for "size"'],
  ],
  'missing-block-type.yaml': [['MissingBlockType', '4:5', 'has no "type"']],
  'missing-field.yaml': [['MissingField', '6:5', 'The "media-text" block is missing the required field "image"']],
  'missing-media.yaml': [['MissingMedia', '7:12', '"/media/img/b2b-smes.png" does not exist in public/']],
  'missing-space-after-colon.yaml': [['NotAMapping', '1:1', 'holds the text "title:Test"']],
  'nested-unknown-field.yaml': [['UnknownField', '7:7', '"scr" is not a field of "image" in the "media-text" block']],
  'no-blocks.yaml': [['InvalidValue', '3:9', '"blocks" needs at least 1 item']],
  'not-an-allowed-value.yaml': [['NotAllowedValue', '6:11', '"tal" is not an allowed value for "size"']],
  'number-for-text.yaml': [['WrongType', '5:12', '"title" must be text, but here it is the number 1.1']],
  'tab-indent.yaml': [['TabIndent', '5:1', 'tab is used for indentation']],
  'table-problems.yaml': [
    ['InvalidValue', '6:14', '"columns" needs at least 2 items'],
    ['WrongType', '8:17', 'Item 2 of row 1 of "rows" must be text, but here it is the number 8'],
  ],
  'title-too-long.yaml': [['InvalidValue', '1:8', '"title" is 78 characters long; at most 70 fit here']],
  'two-documents.yaml': [['MultipleDocuments', '6:1', 'more than one YAML document']],
  'unclosed-quote.yaml': [['YamlSyntax', '5:12', 'the quote " that starts here is never closed']],
  'unknown-block-type.yaml': [['UnknownBlockType', '4:11', 'no block type "heor"']],
  'unknown-field.yaml': [['UnknownField', '5:5', '"titel" is not a field of the "hero" block']],
  'unresolved-alias.yaml': [['AliasNotAllowed', '5:12', 'alias *bold']],
  'video-without-image.yaml': [['MissingField', '4:5', 'The "hero" block is missing the required field "image"']],
  'yaml-1-1-directive.yaml': [['DirectiveNotAllowed', '1:1', '"%YAML 1.1" is not allowed']],
}

const hints: Record<string, string> = {
  'broken-link.yaml': 'Did you mean "/b2b-audience"?',
  'hash-starts-comment.yaml': 'eyebrow: "#fff"',
  'missing-media.yaml': 'Did you mean "/media/img/b2b-smes.webp"?',
  'missing-space-after-colon.yaml': 'Put a space after the colon: "title: Test"',
  'nested-unknown-field.yaml': 'Did you mean "src"?',
  'not-an-allowed-value.yaml': 'Did you mean "tall"?',
  'number-for-text.yaml': 'Put it in quotes to keep it as written: "1.10"',
  'unknown-block-type.yaml': 'Did you mean "hero"? The block types are: ',
  'unknown-field.yaml': 'Did you mean "title"?',
}

const dir = join(projectRoot, 'tests/fixtures/invalid')
const schemas = fixtureSchemas()

describe('invalid page fixtures', () => {
  it('has an expectation for every fixture, and a fixture for every expectation', () => {
    expect(readdirSync(dir).sort()).toEqual(Object.keys(expected).sort())
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(20)
  })

  for (const [name, problems] of Object.entries(expected)) {
    it(`${name}: reports every problem at its exact node`, () => {
      const file = `tests/fixtures/invalid/${name}`
      const result = checkPageSource(file, readFileSync(join(dir, name)), schemas)
      expect(result.page).toBeUndefined()
      const got = result.problems.map((p) => [p.code, `${p.line}:${p.column}`, p.message] as const)
      expect(got.map(([code, at]) => [code, at])).toEqual(problems.map(([code, at]) => [code, at]))
      got.forEach(([, , message], i) => expect(message).toContain(problems[i]![2]))
      for (const p of result.problems) expect(p.file).toBe(file)
      if (hints[name]) expect(result.problems.map((p) => p.hint).join('\n')).toContain(hints[name])
    })
  }
})
