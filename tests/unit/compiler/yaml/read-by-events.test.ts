import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readByEvents } from '../../../../src/compiler/yaml/read-by-events'
import { parseFully, parseYaml } from '../../../../src/compiler/yaml/parse-yaml'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * read-by-events.ts reads most pages with js-yaml instead of the `yaml`
 * library. Its promise: a page it reads has the value, and the outcome (no
 * problems), that parse-yaml.ts's document gives. Checked on every page the
 * project holds, on the invalid fixtures, on forms written to sit at the
 * edge of what it takes, and on thousands of pages broken at random as a
 * careless edit breaks them.
 */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => join(dir, name))
}
const projectPages = yamlFiles(join(projectRoot, 'pages'))
const fixturePages = yamlFiles(join(projectRoot, 'tests/fixtures'))

/** The promise, for one text: either left to parse-yaml.ts, or read with the same value and no problems there. */
function expectSameReading(source: string, label: string): boolean {
  const value = readByEvents(source)
  if (value === undefined) return false
  const full = parseFully('p.yaml', source)
  expect(full.ok, `${label}: read by its events, but parse-yaml.ts finds ${full.ok ? '' : JSON.stringify(full.problems[0]?.message)}\n${source}`).toBe(true)
  if (full.ok) expect(value, `${label}: the two readings differ\n${source}`).toStrictEqual(full.value)
  return true
}

describe('a page read by its events', () => {
  it("reads every page of the project, and reads it as parse-yaml.ts's document does", () => {
    const plain = new Set(['_site.yaml'])
    for (const file of projectPages) {
      const read = expectSameReading(readFileSync(file, 'utf8'), file)
      // Every page is written plainly: the quick reading is the one they get.
      if (!plain.has(file.split('/').pop()!)) expect(read, `${file} is read by its events`).toBe(true)
    }
  })

  it('reads each invalid fixture the same, or leaves it (every one whose problem is in its YAML)', () => {
    for (const file of fixturePages) expectSameReading(readFileSync(file, 'utf8'), file)
    for (const name of ['alias-as-text', 'alias-bomb', 'duplicate-key', 'escaped-control-character', 'include-tag', 'list-item-indented-deep', 'list-item-lost-dash', 'list-item-lost-dash-shallow', 'lone-surrogate', 'two-documents', 'unclosed-quote', 'unresolved-alias', 'tab-indent', 'yaml-1-1-directive', 'key-collision']) {
      expect(readByEvents(readFileSync(join(projectRoot, 'tests/fixtures/invalid', `${name}.yaml`), 'utf8')), name).toBeUndefined()
    }
  })

  it('resolves plain values as the core schema does, and leaves the forms it does not copy', () => {
    const values = ['~', 'null', 'Null', 'NULL', '', 'true', 'True', 'TRUE', 'false', 'FALSE', '0', '-0', '+12', '007', '123456789012345', '1.5', '-.5', '3.', 'yes', 'no', 'on', 'y', '.', '1,000', '10k', '50%', '2024-01-01', '12:30', '1_000', '0b101', 'nulls', 'trueish', '.inf x']
    for (const v of values) {
      expect(expectSameReading(`a: ${v}\nb: [${v || '""'}]\n`, v), `"${v}" is read by its events`).toBe(true)
    }
    for (const v of ['0o17', '0x1F', '1e3', '-1.5E-2', '.inf', '-.Inf', '.nan', '1234567890123456', '99999999999999999999']) {
      expect(readByEvents(`a: ${v}\n`), v).toBeUndefined()
    }
  })

  it('leaves every construct parse-yaml.ts reports', () => {
    const left = {
      tag: 'a: !!str 1\n',
      'local tag': 'a: !include x.txt\n',
      anchor: 'a: &x 1\n',
      alias: 'a: &x 1\nb: *x\n',
      'duplicate key': 'a: 1\na: 2\n',
      'number key': '1: a\n',
      'true key': 'true: a\n',
      'null key': '~: a\n',
      'quoted __proto__ key': '"__proto__": a\n',
      'complex key': '? [a]\n: b\n',
      'two documents': 'a: 1\n---\nb: 2\n',
      'a list at the top': '- a\n',
      'text at the top': 'a\n',
      'run-on list item': 'a:\n  - one\n    - two\n',
      'a lone carriage return': 'a: 1\rb: 2\n',
      'a line of text starting "- "': 'a: plain\n  - not an item\n',
      directive: '%YAML 1.2\n---\na: 1\n',
      'escaped bell': 'a: "\\a"\n',
      'escaped override': 'a: "\\u202E"\n',
      'lone surrogate': 'a: "\\uD800"\n',
      'tab indent': 'a:\n\t- b\n',
      'unclosed quote': 'a: "b\n',
      'too many keys': Array.from({ length: 500 }, (_, i) => `k${i}: 1`).join('\n'),
      'too deep': Array.from({ length: 31 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' 1\n',
      'larger than any page': `title: ${'x'.repeat(40 * 1024)}\n`,
    }
    for (const [name, source] of Object.entries(left)) expect(readByEvents(source), name).toBeUndefined()
  })

  it('reads text in every style as the document does', () => {
    const texts = [
      'a: plain words at 12:30, with a - dash and a #hash\n',
      'a: "double \\"quoted\\" \\t tab \\u00e9 \\\\ and a\n  folded line"\n',
      "a: 'single ''quoted''\n\n  with a blank line'\n",
      'a: |\n  literal\n   kept\n\n',
      'a: |-\n  stripped\n',
      'a: |+\n  kept ends\n\n\n',
      'a: >\n  folded\n  lines\n\n  and a paragraph\n    more indented\n',
      'a: >2-\n   indented by hand\n',
      'a: plain\n  over two lines -\n  and a dash at a line end\n',
      'a:\n  - one\n  -   two\n  - - nested\n    - list\n  - {x: 1, y: [2, "3"]}\n',
      'a: b # a comment\nc: "d" # another\n# alone\n',
      'a: word\r\nb:\r\n  - x\r\n  - y\r\n',
      '---\na: explicit start\n...\n',
      'a: ""\nb: \'\'\nc:\n',
      'a: "x"\n"b c": 1\n\'d\': 2\n',
    ]
    for (const source of texts) expect(expectSameReading(source, source), source).toBe(true)
  })

  it('never reads a broken page differently: thousands of careless edits of the real pages', () => {
    // A seeded generator, so a failure is the same failure when run again.
    let seed = 2026
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n)
    const pieces = [' ', '  ', '\t', '-', '- ', ':', ': ', '#', ' #', '"', "'", '\\', '&a ', '*a', '!', '!!str ', '|', '>', '\n', '[', ']', '{', '}', ',', '? ', '%', '@', '`', '0', '1e3', 'true', '~', '---\n', '\r\n', '\r', '\u00e9', '"\\a"', '\\u202E']
    const sources = projectPages.map((file) => readFileSync(file, 'utf8'))
    let read = 0
    let tried = 0
    for (let round = 0; round < 3000; round++) {
      let source = sources[random(sources.length)]!
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(source.length + 1)
        const lines = source.split('\n')
        const line = random(lines.length)
        switch (random(6)) {
          case 0:
            source = source.slice(0, at) + pieces[random(pieces.length)] + source.slice(at)
            break
          case 1:
            source = source.slice(0, at) + source.slice(at + 1 + random(3))
            break
          case 2:
            lines[line] = ` ${lines[line]}`
            source = lines.join('\n')
            break
          case 3:
            lines[line] = lines[line]!.replace(/^ {1,2}/, '')
            source = lines.join('\n')
            break
          case 4:
            lines.splice(line, 0, lines[random(lines.length)]!)
            source = lines.join('\n')
            break
          default:
            lines.splice(line, 1)
            source = lines.join('\n')
        }
      }
      tried++
      if (expectSameReading(source, `edit ${round}`)) read++
    }
    // Many careless edits still read (a changed word, a moved line): the comparison was made, not skipped.
    expect(read / tried).toBeGreaterThan(0.2)
  })

  it('parseYaml gives a page read by its events its document when asked, with every place', () => {
    const source = readFileSync(projectPages.find((file) => file.endsWith('smes.yaml'))!, 'utf8')
    const result = parseYaml('smes.yaml', new TextEncoder().encode(source))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value).toStrictEqual(readByEvents(source))
    const full = parseFully('smes.yaml', source)
    if (!full.ok) throw new Error('smes.yaml does not parse')
    expect(result.parsed.doc.toJS()).toStrictEqual(full.parsed.doc.toJS())
    expect(result.parsed.lineCounter.lineStarts).toEqual(full.parsed.lineCounter.lineStarts)
  })
})
