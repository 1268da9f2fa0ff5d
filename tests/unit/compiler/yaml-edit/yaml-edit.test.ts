import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { isMap, isScalar, isSeq, parseDocument, Scalar, type YAMLMap } from 'yaml'
import { describe, expect, it } from 'vitest'
import { applyEdit, applyEdits, minimalChange, parseForEditing, type DocumentEdit } from '../../../../src/compiler/yaml-edit'
import { pageReading } from '../../../../src/compiler/yaml/page-reading'
import { listFiles } from '../../../../src/compiler/index'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The document edits the studio's forms make, on the real pages. Which page
 * and which field is chosen by reading the YAML (the first page with a list
 * of cards, ...), never by today's words, so the tests follow the content.
 */
const files = listFiles(join(projectRoot, 'pages'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => ({ name: relative(projectRoot, f), text: readFileSync(f, 'utf8') }))
const routePages = files.filter((f) => !/\/_[^/]*$/.test(f.name))

const read = (text: string) => parseDocument(text, pageReading).toJS() as Record<string, unknown>
const lines = (text: string) => text.split('\n')
const commentLines = (text: string) => lines(text).filter((l) => l.trimStart().startsWith('#')).sort()

/** The lines that differ between two texts: one hunk, from the common first and last lines. */
function lineDiff(before: string, after: string): { at: number; removed: string[]; added: string[] } {
  const [a, b] = [lines(before), lines(after)]
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  return { at: start, removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) }
}

function edited(text: string, edit: DocumentEdit | DocumentEdit[]): string {
  const outcome = Array.isArray(edit) ? applyEdits(text, edit) : applyEdit(text, edit)
  if ('error' in outcome) throw new Error(outcome.error)
  return outcome.text
}

/** The first block (in page order) whose field satisfies `test`, with its page. */
function findField(test: (node: unknown, key: string) => boolean, pages = routePages) {
  for (const page of pages) {
    const blocks = parseForEditing(page.text).doc.get('blocks', true)
    if (!isSeq(blocks)) continue
    for (const [index, block] of blocks.items.entries()) {
      if (!isMap(block)) continue
      for (const pair of (block as YAMLMap).items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : ''
        if (test(pair.value, key)) return { page, index, key, node: pair.value, block: block as YAMLMap }
      }
    }
  }
  throw new Error('no page has such a field')
}

const blockList = (test: (item: unknown) => boolean) => (node: unknown) => isSeq(node) && !node.flow && node.items.length >= 2 && node.items.every(test)
const cardList = () => findField(blockList(isMap))
const bulletList = () => findField(blockList((i) => isScalar(i) && typeof i.value === 'string'))
const blocksOf = (text: string) => read(text).blocks as Record<string, unknown>[]
/** The page whose blocks are separated by blank lines, with the most blocks. */
const separated = routePages.filter((p) => /\n\n {2}- /.test(p.text)).sort((a, b) => blocksOf(b.text).length - blocksOf(a.text).length)[0]!
const separatedPage = () => separated

describe('set', () => {
  it('changes only the title line on every page, plain when it can be, quoted when it must', () => {
    expect(files.length).toBeGreaterThan(40)
    for (const page of files) {
      const old = read(page.text).title
      for (const title of [`${String(old ?? 'New')} (edited)`, 'Prices: from €5 #1 [draft]']) {
        const text = edited(page.text, { op: 'set', path: ['title'], value: title })
        const diff = lineDiff(page.text, text)
        expect(diff.removed, page.name).toHaveLength(typeof old === 'string' ? 1 : 0)
        expect(diff.added, page.name).toHaveLength(1)
        expect(diff.added[0]!.startsWith('title: '), page.name).toBe(true)
        expect(read(text).title, page.name).toBe(title)
      }
    }
  })

  it('quotes what would read differently unquoted, and re-reads as the very text given', () => {
    const page = routePages[0]!
    const risky = ['a: b', 'Save 10% #now', '[draft]', '{x}', '&anchor', '*star', '!tag', '| bar', '> more', "'single", '"double', '%x', '@home', '`code`', '12', '1.50', 'true', 'null', '~', ' leading', 'trailing ', '- dash', '? what', 'ends with:', '#hash', '']
    for (const value of risky) {
      const text = edited(page.text, { op: 'set', path: ['title'], value })
      expect(lineDiff(page.text, text).added, value).toHaveLength(1)
      expect(read(text).title, value).toBe(value)
      expect(lineDiff(page.text, text).added[0], value).not.toBe(`title: ${value}`)
    }
    for (const value of ["It's plain", 'Plain, with "quotes" inside', 'Ratio 3:1']) {
      const text = edited(page.text, { op: 'set', path: ['title'], value })
      expect(lineDiff(page.text, text).added).toEqual([`title: ${value}`])
    }
  })

  it('keeps the quotes a value was written with', () => {
    const quoted = findField((node) => isScalar(node) && (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE))
    const mark = (quoted.node as Scalar).type === Scalar.QUOTE_DOUBLE ? '"' : "'"
    const text = edited(quoted.page.text, { op: 'set', path: ['blocks', quoted.index, quoted.key], value: 'New words' })
    const diff = lineDiff(quoted.page.text, text)
    expect(diff.removed).toHaveLength(1)
    expect(diff.added).toEqual([diff.removed[0]!.replace(/:\s.*$/, `: ${mark}New words${mark}`)])
  })

  it('writes typed words plain once the quotes a trailing space forced are no longer needed', () => {
    const quoted = findField((node) => isScalar(node) && node.type === Scalar.QUOTE_DOUBLE)
    const path = ['blocks', quoted.index, quoted.key]
    // A form sends each keystroke: "Words " needs quotes on the way to "Words typed".
    const typed = ['Words ', 'Words t', 'Words typed'].reduce((text, value) => edited(text, { op: 'set', path, value }), quoted.page.text)
    expect(lineDiff(quoted.page.text, typed).added).toEqual([expect.stringMatching(/: Words typed$/)])
  })

  it('keeps a block scalar a block scalar, changing only its lines', () => {
    const found = findField((node) => isScalar(node) && node.type === Scalar.BLOCK_LITERAL && String(node.value).split('\n').length > 2)
    const path = ['blocks', found.index, found.key]
    const value = 'First line: with a colon\nSecond line # not a comment\n'
    const text = edited(found.page.text, { op: 'set', path, value })
    const diff = lineDiff(found.page.text, text)
    const oldLines = String((found.node as Scalar).value).replace(/\n$/, '').split('\n')
    // The header line stays; the old body lines go and the new ones come, indented alike.
    expect(diff.removed.map((l) => l.trim())).toEqual(oldLines.map((l) => l.trim()))
    const indent = /^ */.exec(diff.removed[0]!)![0]
    expect(diff.added).toEqual(value.trimEnd().split('\n').map((l) => indent + l))
    expect((blocksOf(text)[found.index] as Record<string, unknown>)[found.key]).toBe(value)
    // Without line breaks it is written as yaml chooses, not as "|-".
    const single = edited(found.page.text, { op: 'set', path, value: 'One line: now' })
    expect(lineDiff(found.page.text, single).added).toEqual([diff.removed[0]!.replace(/\S.*/, '').slice(2) + `${found.key}: "One line: now"`])
  })

  it('returns the same text for a value already there, down to whole blocks of every page', () => {
    for (const page of files) {
      const title = read(page.text).title
      if (title !== undefined) expect(edited(page.text, { op: 'set', path: ['title'], value: title }), page.name).toBe(page.text)
      for (const [index, block] of (blocksOf(page.text) ?? []).entries()) {
        expect(edited(page.text, { op: 'set', path: ['blocks', index], value: block }), `${page.name} block ${index}`).toBe(page.text)
      }
    }
  })

  it('changes a whole card field by field: only the fields that differ are rewritten', () => {
    const cards = cardList()
    const path = ['blocks', cards.index, cards.key, 1]
    const card = (blocksOf(cards.page.text)[cards.index]![cards.key] as Record<string, unknown>[])[1]!
    const firstKey = Object.keys(card).find((k) => typeof card[k] === 'string')
    const text = edited(cards.page.text, { op: 'set', path, value: { ...card, [firstKey!]: 'Changed: by a form' } })
    expect(lineDiff(cards.page.text, text).removed).toHaveLength(1)
    expect((blocksOf(text)[cards.index]![cards.key] as unknown[])[1]).toEqual({ ...card, [firstKey!]: 'Changed: by a form' })
  })

  it('creates missing groups of fields, indented like the block', () => {
    const cards = cardList()
    const path = ['blocks', cards.index, 'extra', 'button', 'label']
    const text = edited(cards.page.text, { op: 'set', path, value: 'Go' })
    const typeLine = lines(cards.page.text).find((l) => /^\s*- type: /.test(l))!
    const indent = ' '.repeat(typeLine.indexOf('type:'))
    expect(lineDiff(cards.page.text, text)).toMatchObject({ removed: [], added: [`${indent}extra:`, `${indent}  button:`, `${indent}    label: Go`] })
  })
})

describe('insert, remove, move', () => {
  it('inserts a card at the indentation of the other cards, touching no other line', () => {
    const cards = cardList()
    const items = blocksOf(cards.page.text)[cards.index]![cards.key] as Record<string, unknown>[]
    const card = { ...items[0], [Object.keys(items[0]!)[0]!]: 'A new card: first of its kind' }
    const itemLine = lines(cards.page.text).find((l, i, all) => /^\s*- /.test(l) && all[i - 1]!.trim() === `${cards.key}:`)!
    const dash = itemLine.slice(0, itemLine.indexOf('- ') + 2)
    for (const index of [0, 1, items.length]) {
      const text = edited(cards.page.text, { op: 'insert', path: ['blocks', cards.index, cards.key], index, value: card })
      const diff = lineDiff(cards.page.text, text)
      expect(diff.removed).toEqual([])
      expect(diff.added.filter((l) => l.startsWith(dash)), String(index)).toHaveLength(1)
      expect(diff.added.every((l) => l.startsWith(dash) || l.startsWith(' '.repeat(dash.length)) || l === '')).toBe(true)
      expect(blocksOf(text)[cards.index]![cards.key]).toEqual(items.toSpliced(index, 0, card))
    }
  })

  it('inserts a bullet as one line, quoted when it must be', () => {
    const bullets = bulletList()
    const path = ['blocks', bullets.index, bullets.key]
    const text = edited(bullets.page.text, { op: 'insert', path, index: 1, value: 'Fast: results # in days' })
    expect(lineDiff(bullets.page.text, text).added).toHaveLength(1)
    expect((blocksOf(text)[bullets.index]![bullets.key] as string[])[1]).toBe('Fast: results # in days')
  })

  it('inserts a whole block keeping the blank line between blocks, wherever it goes', () => {
    const page = separatedPage()
    const blocks = blocksOf(page.text)
    const block = { type: 'intro', title: 'New section', text: 'Line one\nLine two\n' }
    for (const index of [0, 1, blocks.length]) {
      const text = edited(page.text, { op: 'insert', path: ['blocks'], index, value: block })
      expect(blocksOf(text)).toEqual(blocks.toSpliced(index, 0, block))
      expect(lineDiff(page.text, text).removed, String(index)).toEqual([])
      const starts = lines(text).flatMap((l, i, all) => (/^ {2}- /.test(l) ? [all[i - 1]] : []))
      expect(starts.slice(1).every((before) => before === ''), String(index)).toBe(true)
      expect(commentLines(text)).toEqual(commentLines(page.text))
    }
  })

  it('removes a block with its lines and one blank line, and creates a list that is missing', () => {
    const page = separatedPage()
    const text = edited(page.text, { op: 'remove', path: ['blocks', 1] })
    expect(blocksOf(text)).toEqual(blocksOf(page.text).toSpliced(1, 1))
    const diff = lineDiff(page.text, text)
    expect(diff.added).toEqual([])
    expect(diff.removed.filter((l) => /^ {2}- /.test(l))).toHaveLength(1)
    const starts = lines(text).flatMap((l, i, all) => (/^ {2}- /.test(l) ? [all[i - 1]] : []))
    expect(starts.slice(1).every((before) => before === '')).toBe(true)
    const created = edited(page.text, { op: 'insert', path: ['blocks', 0, 'tags'], index: 0, value: 'first' })
    expect(blocksOf(created)[0]!.tags).toEqual(['first'])
  })

  it('moves items and back to the very same text; blank lines stay in place and comments travel with their items', () => {
    const page = separatedPage()
    const blocks = blocksOf(page.text)
    const last = blocks.length - 1
    for (const [from, to] of [[0, last], [1, 2], [last, 0]] as const) {
      const moved = edited(page.text, { op: 'move', path: ['blocks'], from, to })
      const expected = [...blocks]
      expected.splice(to, 0, ...expected.splice(from, 1))
      expect(blocksOf(moved)).toEqual(expected)
      expect(lines(moved).filter((l) => l === '')).toHaveLength(lines(page.text).filter((l) => l === '').length)
      expect(edited(moved, { op: 'move', path: ['blocks'], from: to, to: from })).toBe(page.text)
    }
    // Comments above blocks (none on today's pages, so added here) move with their blocks.
    const commented = lines(page.text)
      .flatMap((l) => (/^ {2}- /.test(l) ? [`  # about the block below: ${l.trim()}`, l] : [l]))
      .join('\n')
    const moved = edited(commented, { op: 'move', path: ['blocks'], from: 0, to: 2 })
    expect(lines(moved).filter((l, i, all) => /^ {2}# about/.test(l) && all[i + 1]!.trim() !== l.split(': ').slice(1).join(': '))).toEqual([])
    expect(commentLines(moved)).toEqual(commentLines(commented))
    expect(edited(moved, { op: 'move', path: ['blocks'], from: 2, to: 0 })).toBe(commented)
    // _site.yaml's lists sit under commented keys; the comments stay where they are.
    const site = files.find((f) => f.name.endsWith('_site.yaml'))!
    const menus = edited(site.text, { op: 'move', path: ['header', 'menus'], from: 0, to: 1 })
    expect(lineDiff(site.text, menus).removed.filter((l) => l.trimStart().startsWith('#'))).toEqual([])
    expect(edited(menus, { op: 'move', path: ['header', 'menus'], from: 1, to: 0 })).toBe(site.text)
  })
})

describe('unset', () => {
  it('removes an optional field with its lines only, and a group it leaves empty', () => {
    const found = findField((node, key) => key !== 'type' && isScalar(node) && node.type === Scalar.PLAIN)
    const text = edited(found.page.text, { op: 'unset', path: ['blocks', found.index, found.key] })
    expect(lineDiff(found.page.text, text)).toMatchObject({ removed: [expect.stringContaining(`${found.key}:`)], added: [] })
    expect(edited(text, { op: 'unset', path: ['blocks', found.index, found.key] })).toBe(text)
    const group = findField((node) => isMap(node) && node.items.length >= 1)
    const fields = Object.keys(blocksOf(group.page.text)[group.index]![group.key] as object)
    const emptied = edited(group.page.text, fields.map((f) => ({ op: 'unset', path: ['blocks', group.index, group.key, f] }) as const))
    expect(blocksOf(emptied)[group.index]).not.toHaveProperty(group.key)
    expect(lineDiff(group.page.text, emptied).added).toEqual([])
  })
})

describe('files laid out otherwise than the pages', () => {
  it('follows a list written without indentation, and keeps lines the printer would write otherwise', () => {
    const text = 'title: T\nblocks:\n- type: hero\n  items:\n  - a: 1\n    b:   spaced\n\n- type: intro   # the intro\n  text: x\n'
    expect(edited(text, { op: 'insert', path: ['blocks', 0, 'items'], index: 1, value: { a: 2 } })).toBe(text.replace('spaced\n', 'spaced\n  - a: 2\n'))
    expect(edited(text, { op: 'set', path: ['blocks', 1, 'text'], value: 'y' })).toBe(text.replace('text: x', 'text: y'))
  })

  it('refuses an edit whose new lines would not fit among the old ones, rather than change what the file says, and names those lines', () => {
    const text = 'title: T\nblocks:\n    -   type: hero\n        nested:\n            a: 1\n'
    const outcome = applyEdit(text, { op: 'set', path: ['blocks', 0, 'nested', 'b'], value: 2 })
    expect(outcome).toEqual({ error: expect.stringMatching(/^Lines 3–5 of this page are laid out otherwise than the form writes YAML .* Make this change in the YAML tab\.$/) })
  })

  /** Every page as an author whose editor wraps long lines might write it: each long plain text broken in two at a space. */
  const wrappedPages = routePages
    .map((page) => ({ name: page.name, text: wrapLongTexts(page.text) }))
    .filter((page) => page.text !== routePages.find((p) => p.name === page.name)!.text)
  function wrapLongTexts(text: string): string {
    return text.replace(/^( *)(- )?([\w-]+): ([A-Za-z][^\n]{60,})$/gm, (line, indent: string, dash: string | undefined, key: string, value: string) => {
      const cut = value.indexOf(' ', value.length / 2)
      if (/: | #|\s$/.test(value) || cut < 0) return line
      return `${indent}${dash ?? ''}${key}: ${value.slice(0, cut)}\n${' '.repeat(indent.length + (dash ? 2 : 4))}${value.slice(cut + 1)}`
    })
  }
  /** The lines after the title's (which the printer writes on one line), to the end. */
  const afterTitle = (text: string) => text.slice(text.search(/^(?!title:| )/m))

  it('changes one field of a page whose texts are broken over lines, keeping every other line as written', () => {
    expect(wrappedPages.length, 'pages with a long text').toBeGreaterThan(10)
    for (const page of wrappedPages) {
      expect(read(page.text), `${page.name} reads as before it was wrapped`).toEqual(read(routePages.find((p) => p.name === page.name)!.text))
      const retitled = edited(page.text, { op: 'set', path: ['title'], value: 'A new title' })
      expect(read(retitled).title, page.name).toBe('A new title')
      expect(afterTitle(retitled), page.name).toBe(afterTitle(page.text))
      const added = edited(page.text, { op: 'insert', path: ['blocks'], index: blocksOf(page.text).length, value: { type: 'intro', title: 'Last' } })
      expect(lineDiff(page.text, added).removed, page.name).toEqual([])
      expect(blocksOf(added).at(-1), page.name).toEqual({ type: 'intro', title: 'Last' })
    }
  })

  it('rewrites a text broken over lines on one line when the form changes that text, and nothing else', () => {
    const broken = findField((node) => isScalar(node) && node.type === Scalar.PLAIN && typeof node.value === 'string' && node.value.length > 60, wrappedPages)
    const range = (broken.node as Scalar).range!
    expect(broken.page.text.slice(range[0], range[1]), 'written over two lines').toContain('\n')
    const text = edited(broken.page.text, { op: 'set', path: ['blocks', broken.index, broken.key], value: 'Short and new' })
    expect(blocksOf(text)[broken.index]![broken.key]).toBe('Short and new')
    const diff = lineDiff(broken.page.text, text)
    expect(diff.removed).toHaveLength(2)
    expect(diff.added).toEqual([expect.stringMatching(new RegExp(`^ +${broken.key}: Short and new$`))])
  })

  it('keeps a literal text whose last line is indented deeper, and texts written over lines, when the form changes a field beside them', () => {
    const text = 'title: T\nblocks:\n  - type: intro\n    title: Old\n    text: |-\n      First line.\n      Second line.\n       (indented one more)\n    eyebrow: A long label\n      broken over two lines\n'
    const changed = edited(text, { op: 'set', path: ['blocks', 0, 'title'], value: 'New' })
    expect(changed).toBe(text.replace('title: Old', 'title: New'))
    const unset = edited(text, { op: 'unset', path: ['blocks', 0, 'title'] })
    expect(unset).toBe(text.replace('    title: Old\n', ''))
  })

  it('places an edit line for line in a file spaced its own way on more lines than the diff would line up', () => {
    const bullets = Array.from({ length: 1_200 }, (_, i) => `      -   Bullet ${i}`)
    const text = `title: T\nblocks:\n  - type: media-text\n    bullets:\n${bullets.join('\n')}\n`
    const changed = edited(text, { op: 'set', path: ['title'], value: 'U' })
    expect(changed).toBe(text.replace('title: T', 'title: U'))
  })
})

describe('line endings and byte order mark', () => {
  it('keeps CRLF and a BOM, and changes the same lines as in the LF file', () => {
    const page = separatedPage()
    const crlf = `\uFEFF${page.text.replace(/\n/g, '\r\n')}`
    for (const edit of [
      { op: 'set', path: ['title'], value: 'Line: one' },
      { op: 'insert', path: ['blocks'], index: 1, value: { type: 'intro', text: 'a\nb\n' } },
      { op: 'remove', path: ['blocks', 0] },
    ] satisfies DocumentEdit[]) {
      const expected = `\uFEFF${edited(page.text, edit).replace(/\n/g, '\r\n')}`
      expect(edited(crlf, edit), edit.op).toBe(expected)
    }
  })

  it('writes an empty file whole', () => {
    expect(edited('', { op: 'set', path: ['title'], value: 'New page' })).toBe('title: New page\n')
    expect(edited('\uFEFF\r\n', { op: 'insert', path: ['blocks'], index: 0, value: { type: 'hero' } })).toBe('\uFEFFblocks:\r\n  - type: hero\r\n')
  })

  it('leaves the lines it does not change as written in a file of mixed endings', () => {
    const text = 'title: T\r\ndescription: d\nblocks: []\r\n'
    expect(edited(text, { op: 'set', path: ['title'], value: 'U' })).toBe('title: U\r\ndescription: d\nblocks: []\r\n')
  })
})

describe('errors in words, never a throw or a rewritten file', () => {
  const page = () => separatedPage().text
  it('names what is missing along a wrong path', () => {
    const count = blocksOf(page()).length
    const cases: [DocumentEdit, string][] = [
      [{ op: 'insert', path: ['blocks', 0, 'type'], index: 0, value: 'x' }, `There is no list at blocks › 0 › type.`],
      [{ op: 'remove', path: ['blocks', count] }, `There is no item ${count} in the list at blocks: it has ${count} items.`],
      [{ op: 'set', path: ['blocks', count + 3, 'title'], value: 'x' }, `There is no item ${count + 3} in the list at blocks: it has ${count} items.`],
      [{ op: 'set', path: ['title', 'x'], value: 'x' }, 'There are no fields at title: it is text.'],
      [{ op: 'move', path: ['blocks'], from: 0, to: count }, `There is no item ${count} in the list at blocks: it has ${count} items.`],
      [{ op: 'move', path: ['nothing'], from: 0, to: 1 }, 'There is nothing at nothing.'],
      [{ op: 'remove', path: ['title'] }, 'title is not an item of a list.'],
      [{ op: 'unset', path: ['blocks', 0] }, 'blocks › 0 is not a field.'],
      [{ op: 'insert', path: ['blocks'], index: -1, value: {} }, `A list of ${count} items at blocks has no place -1.`],
      [{ op: 'set', path: ['title'], value: new Date(0) }, 'The value for title is not something a page can hold (text, numbers, true or false, lists and groups of fields).'],
    ]
    for (const [edit, error] of cases) expect(applyEdit(page(), edit)).toEqual({ error })
    expect(applyEdits(page(), [{ op: 'set', path: ['title'], value: 'ok' }, cases[0]![0]])).toEqual({ error: `Change 2 of 2: ${cases[0]![1]}` })
  })

  it('refuses text that does not parse', () => {
    const broken = `${page()}\n  bad: [unclosed\n`
    expect(applyEdit(broken, { op: 'set', path: ['title'], value: 'x' })).toEqual({ error: expect.stringMatching(/^The page cannot be read as YAML \(line \d+\)/) })
  })

  it('answers every edit of a random walk over a page with a text that parses or an error', () => {
    let seed = 7
    const pick = <T>(list: readonly T[]): T => list[(seed = (seed * 16807) % 2147483647) % list.length]!
    const steps = ['blocks', 'title', 'items', 'text', 'image', 0, 1, 2, 40, -1, 1.5]
    const values = ['x', 'a: b', '', null, 3, true, ['l'], { k: 'v' }, { type: 'intro' }]
    let text = page()
    for (let i = 0; i < 300; i++) {
      const path = Array.from({ length: 1 + (i % 4) }, () => pick(steps))
      const edit = pick<DocumentEdit>([
        { op: 'set', path, value: pick(values) },
        { op: 'unset', path },
        { op: 'insert', path, index: pick([0, 1, 9]), value: pick(values) },
        { op: 'remove', path },
        { op: 'move', path, from: pick([0, 1]), to: pick([0, 2]) },
      ])
      const outcome = applyEdit(text, edit)
      if ('text' in outcome) {
        expect(parseDocument(outcome.text, pageReading).errors, JSON.stringify(edit)).toEqual([])
        text = outcome.text
      } else expect(outcome.error).not.toMatch(/^The change could not be made/)
    }
  })
})

describe('minimalChange', () => {
  it('is the common start and end kept, and applying it gives the new text', () => {
    expect(minimalChange('title: Old\n', 'title: New\n')).toEqual({ from: 7, to: 10, insert: 'New' })
    expect(minimalChange('same', 'same')).toEqual({ from: 4, to: 4, insert: '' })
    expect(minimalChange('aaa', 'aaaa')).toEqual({ from: 3, to: 3, insert: 'a' })
    // Never half a surrogate pair or half a CRLF.
    expect(minimalChange('x😀', 'x😁')).toEqual({ from: 1, to: 3, insert: '😁' })
    expect(minimalChange('a\r\nb', 'a\nb')).toEqual({ from: 1, to: 3, insert: '\n' })
    const page = separatedPage().text
    const after = edited(page, { op: 'insert', path: ['blocks'], index: 1, value: { type: 'intro' } })
    const { from, to, insert } = minimalChange(page, after)
    expect(page.slice(0, from) + insert + page.slice(to)).toBe(after)
  })
})

describe('the module is browser code', () => {
  it('imports only yaml, diff (jsdiff, plain JavaScript) and import-free files of its own (no file system, no node:)', () => {
    const folder = join(projectRoot, 'src/compiler/yaml-edit')
    const sources = listFiles(folder).concat(join(projectRoot, 'src/compiler/yaml/page-reading.ts'))
    const specifiers = sources.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/^(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!))
    expect(specifiers.length).toBeGreaterThan(5)
    expect(specifiers.filter((s) => s !== 'yaml' && s !== 'diff' && !/^\.\/[\w-]+\.ts$/.test(s) && s !== '../yaml/page-reading.ts')).toEqual([])
  })
})
