import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkPageSource } from '../../../../src/compiler/index'
import { fixtureSchemas, projectRoot } from '../../../support/fixture-targets'

/**
 * Every file in tests/fixtures/invalid with every problem it must report:
 * code, exact line:column of the faulty node, and words of the message.
 */
const expected: Record<string, [code: string, at: string, says: string][]> = {
  // One problem for all 18 aliases, at the first.
  'alias-as-text.yaml': [['AliasNotAllowed', '5:12', 'starts with "*"']],
  'alias-bomb.yaml': [['AliasNotAllowed', '2:8', '"*a" is an alias']],
  'bad-anchor.yaml': [['WrongForm', '6:9', '"id" does not have the expected form']],
  'broken-link.yaml': [['BrokenLink', '8:13', '"/b2b-audiense" goes to a page that does not exist']],
  // A link to a part of the same page reaches only the page's own ids.
  'same-page-anchor.yaml': [['BrokenAnchor', '8:13', 'The link "#size" goes to a part of this page that does not exist']],
  'bullets-not-a-list.yaml': [['WrongType', '6:14', '"bullets" must be a list, but here it is text']],
  'colon-in-value.yaml': [['ColonInValue', '5:14', 'contains ": "']],
  'duplicate-key.yaml': [['DuplicateKey', '3:1', '"title" appears twice']],
  'empty.yaml': [['EmptyFile', '1:1', 'empty']],
  'blank-title.yaml': [['BlankText', '1:8', '"title" holds only spaces']],
  'duplicate-id.yaml': [['DuplicateId', '8:9', 'The id "sizes" is already used by another block on this page.']],
  'escaped-control-character.yaml': [['ControlCharacter', '1:8', 'invisible control character (U+001B)']],
  'layout-id.yaml': [['ReservedId', '5:9', 'The id "main" is taken by the main content area']],
  'lone-surrogate.yaml': [['LoneSurrogate', '2:14', 'U+D800, half of a character pair']],
  'field-after-list-indented-deep.yaml': [['BadIndentation', '9:6', 'This field is indented 5 spaces']],
  'field-indented-deep.yaml': [['BadIndentation', '6:6', 'This field is indented 5 spaces']],
  'field-indented-short.yaml': [['BadIndentation', '6:4', 'This field is indented 3 spaces']],
  'hash-cuts-text.yaml': [['CommentCutsText', '6:16', 'stops before " #"']],
  'hash-starts-comment.yaml': [['WrongType', '6:14', '"eyebrow" must be text, but here it is empty']],
  'highlight-not-in-title.yaml': [['HighlightNotInTitle', '6:16', '"SME research" does not appear in the title']],
  'include-tag.yaml': [['TagNotAllowed', '2:14', 'one page file cannot include another']],
  'javascript-link.yaml': [['UnsafeLink', '8:13', '"javascript:alert(1)" is not allowed']],
  'list-item-lost-dash.yaml': [['MissingDash', '12:7', 'lost its "- "']],
  'list-item-lost-dash-shallow.yaml': [['MissingDash', '6:3', 'lost its "- "']],
  'list-item-indented-deep.yaml': [['BadIndentation', '10:8', 'This list item is indented 7 spaces']],
  'list-item-indented-short.yaml': [['BadIndentation', '10:6', 'This list item is indented 5 spaces']],
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
  'no-blocks.yaml': [['TooFewItems', '3:9', '"blocks" needs at least 1 item']],
  'not-an-allowed-value.yaml': [['NotAllowedValue', '6:11', '"tal" is not an allowed value for "size"']],
  'number-for-text.yaml': [['WrongType', '5:12', '"title" must be text, but here it is the number 1.1']],
  'tab-in-list.yaml': [['TabIndent', '7:1', 'tab is used for indentation']],
  'tab-indent.yaml': [['TabIndent', '5:1', 'tab is used for indentation']],
  'table-problems.yaml': [
    ['TooFewItems', '6:14', '"columns" needs at least 2 items'],
    ['WrongType', '8:17', 'Item 2 of row 1 of "rows" must be text, but here it is the number 8'],
  ],
  'title-too-long.yaml': [['TooLong', '1:8', '"title" is 78 characters long; at most 70 fit here']],
  'two-documents.yaml': [['MultipleDocuments', '6:1', 'more than one YAML document']],
  'unclosed-quote.yaml': [['UnclosedQuote', '5:12', 'The quote mark " that starts here is never closed']],
  'unknown-block-type.yaml': [['UnknownBlockType', '4:11', 'no block type "heor"']],
  'unknown-field.yaml': [['UnknownField', '5:5', '"titel" is not a field of the "hero" block']],
  'unresolved-alias.yaml': [['AliasNotAllowed', '5:12', 'starts with "*"']],
  'video-without-image.yaml': [['MissingField', '4:5', 'The "hero" block is missing the required field "image"']],
  'yaml-1-1-directive.yaml': [['DirectiveNotAllowed', '1:1', '"%YAML 1.1" is not allowed']],
}

const hints: Record<string, string> = {
  'broken-link.yaml': 'Did you mean "/b2b-audience"?',
  'empty.yaml': 'delete this file and run: npm run new-page -- /its/address',
  'key-collision.yaml': 'Delete one of the two lines',
  'hash-starts-comment.yaml': 'eyebrow: "#fff"',
  'missing-media.yaml': 'Did you mean "/media/img/b2b-smes.webp"?',
  'missing-field.yaml': 'Add it to the "media-text" block, lined up with its other fields, like this:\n  image:\n    src: /media/img/b2b-smes.webp\n    alt: ',
  'missing-space-after-colon.yaml': 'Put a space after the colon: "title: Test"',
  'nested-unknown-field.yaml': 'Did you mean "src"?',
  'no-blocks.yaml': 'Replace "[]" with the items, each on its own line starting with "- ", like this:\n  blocks:\n    - type: intro\n',
  'not-an-allowed-value.yaml': 'Did you mean "tall"?',
  'number-for-text.yaml': 'Put it in quotes to keep it as written: "1.10"',
  'unknown-block-type.yaml': 'Did you mean "hero"? The block types are: ',
  'unknown-field.yaml': 'Did you mean "title"?',
  'video-without-image.yaml': 'It is needed because "video" is set. Add it to the "hero" block, lined up with its other fields, like this:\n  image:\n',
}

const first = 'Fix this first; the rest of the file is checked once it reads correctly. '

/**
 * Files YAML cannot read, or reads other than meant: the one problem each
 * reports, message and hint word for word.
 */
const exactly: Record<string, [message: string, hint: string]> = {
  'alias-as-text.yaml': [
    'This value starts with "*", which YAML reads as an alias (a reference to another part of the file), not as text.',
    `${first}If you meant the text "*bold* claims", put it in quotes: title: "*bold* claims"`,
  ],
  'alias-bomb.yaml': [
    '"*a" is an alias (a copy of the part marked "&a"); aliases are not allowed in page files. There are 17 more aliases after this one.',
    'Write the part out in full instead, and remove "&a" on line 1. To reuse a block on several pages, put it in pages/_shared.yaml and use it with "- use: name".',
  ],
  'colon-in-value.yaml': [
    'The text of "heading" contains ": ", which YAML reads as the start of another field.',
    `${first}Put the whole text in quotes: heading: "Who we recruit: everyone in logistics"`,
  ],
  'field-after-list-indented-deep.yaml': [
    'This field is indented 5 spaces, but the fields around it are indented 4 spaces.',
    `${first}Line it up with "bullets:" on line 6: put exactly 4 spaces before "text: Our scripting team builds each qu…".`,
  ],
  'field-indented-deep.yaml': [
    'This field is indented 5 spaces, but the fields around it are indented 4 spaces.',
    `${first}Line it up with "heading: Programmed and hosted in-house" on line 5: put exactly 4 spaces before "text: Our scripting team builds each qu…".`,
  ],
  'field-indented-short.yaml': [
    'This field is indented 3 spaces, but the fields around it are indented 4 spaces.',
    `${first}Line it up with "heading: Programmed and hosted in-house" on line 5: put exactly 4 spaces before "text: Our scripting team builds each qu…".`,
  ],
  'hash-cuts-text.yaml': [
    'The text of "title" stops before " #": YAML reads "#1 partner for head teachers" as a comment, so the page would show only "The".',
    'If it is a note for editors, move it to a line of its own. If it is part of the text, put the whole text in quotes: title: "The #1 partner for head teachers"',
  ],
  // Not "delete one of the two lines": that would delete a whole card.
  'list-item-lost-dash.yaml': [
    'This line looks like a new list item that lost its "- ": "title" starts the item above too, so YAML reads the two items as one and keeps only the second.',
    'Put "- " back at line 12, in the column of the "- " of "- title: Retail" on line 9: - title: Fleet managers',
  ],
  'list-item-lost-dash-shallow.yaml': [
    'This line looks like a new list item that lost its "- ": "type" starts the item above too, and without the "- " YAML cannot read it.',
    `${first}Put "- " back at line 6, in the column of the "- " of "- type: intro" on line 4: - type: intro`,
  ],
  'include-tag.yaml': [
    '"!include" cannot bring in another file: one page file cannot include another, so the text must be written out in the page.',
    'Replace "!include description.txt" with the text itself: description: "..."',
  ],
  // YAML reads it as more text of the item above; nothing else in a page reads that way.
  'list-item-indented-deep.yaml': [
    'This list item is indented 7 spaces, but the other items of its list are indented 6 spaces.',
    'Line it up with "- Images, video and concept tests embed…" on line 9: put exactly 6 spaces before "- Live quota dashboards while fieldwork…".',
  ],
  'list-item-indented-short.yaml': [
    'This list item is indented 5 spaces, but the other items of its list are indented 6 spaces.',
    `${first}Line it up with "- Images, video and concept tests embed…" on line 9: put exactly 6 spaces before "- Live quota dashboards while fieldwork…".`,
  ],
  'tab-in-list.yaml': [
    'A tab is used for indentation; YAML only allows spaces.',
    `${first}Replace the tab with 6 spaces, so "- Mobile-first layouts that work on any…" lines up with "- Live quota dashboards while fieldwork…" on line 8.`,
  ],
  'tab-indent.yaml': [
    'A tab is used for indentation; YAML only allows spaces.',
    `${first}Replace the tab with 4 spaces, so "title: Hi" lines up with "type: intro" on line 4.`,
  ],
  'two-documents.yaml': [
    'This file holds more than one YAML document (a second "---" line).',
    `${first}One file is one page: delete the "---" line and everything below it, or move what is below it into a file of its own.`,
  ],
  'unclosed-quote.yaml': [
    'The quote mark " that starts here is never closed, so YAML reads the rest of the file as part of this text.',
    `${first}Close it with the same quote mark at the end of the text, or remove it: title: "Unclosed"`,
  ],
  'unresolved-alias.yaml': [
    'This value starts with "*", which YAML reads as an alias (a reference to another part of the file), not as text.',
    'If you meant the text "*bold", put it in quotes: title: "*bold"',
  ],
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
      if (exactly[name]) expect(result.problems.map((p) => [p.message, p.hint])).toEqual([exactly[name]])
    })
  }
})
