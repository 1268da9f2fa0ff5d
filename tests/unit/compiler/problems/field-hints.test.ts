import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkPageSource } from '../../../../src/compiler/index'
import { parseYaml } from '../../../../src/compiler/yaml/parse-yaml'
import { formatProblem, type Problem } from '../../../../src/compiler/problems/problems'
import { validateDocument } from '../../../../src/compiler/schema/validate-page'
import { fixtureSchemas, projectRoot } from '../../../support/fixture-targets'

/**
 * Hints for groups, lists and empty values. An author who follows a hint
 * word for word must end up with a valid page: the newcomer who wrote
 * "image: ..." went through four rounds of problems before these.
 */
const schemas = fixtureSchemas()
const utf8 = (s: string) => new TextEncoder().encode(s)
const check = (source: string): Problem[] => checkPageSource('p.yaml', utf8(source), schemas).problems
const fixture = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/invalid', name), 'utf8')
const head = 'title: Test\ndescription: A test page.\n'
const only = (source: string) => {
  const problems = check(source)
  expect(problems).toHaveLength(1)
  return problems[0]!
}

const image = ['  image:', '    src: /media/img/b2b-smes.webp', '    alt: Abstract illustration of small shop fronts'].join('\n')
const blocks = ['  blocks:', '    - type: intro', '      title: Privacy Policy'].join('\n')

/** The YAML at the end of a hint, without the two spaces that set it apart. */
function snippet(hint: string | undefined): string[] {
  const [, yaml] = (hint ?? '').split('like this:\n')
  expect(yaml, hint).toBeDefined()
  return yaml!.split('\n').map((line) => line.slice(2))
}

/** The snippet as it sits in a file, lined up at `column` (1-based). */
const at = (lines: string[], column: number) => lines.map((l) => ' '.repeat(column - 1) + l).join('\n') + '\n'

describe('a missing group or list', () => {
  it('shows the YAML to add, built from the example of the field its $ref points to', () => {
    const p = only(fixture('missing-field.yaml'))
    expect(p.message).toBe('The "media-text" block is missing the required field "image".')
    expect(p.hint).toBe(
      "A picture from the site's pictures. Its width and height are read from the file, so the page never jumps while it loads. " +
        `Add it to the "media-text" block, lined up with its other fields, like this:\n${image}`,
    )
  })

  it('does so for a field needed by another (dependentRequired)', () => {
    const p = only(fixture('video-without-image.yaml'))
    expect(p.hint).toBe(`It is needed because "video" is set. Add it to the "hero" block, lined up with its other fields, like this:\n${image}`)
  })

  it('shows a page without blocks a one-block example', () => {
    const p = only(head)
    expect(p.message).toBe('The page is missing the required field "blocks".')
    expect(p.hint).toBe(
      `The page's content, top to bottom. Each block starts with "- type:" and the block's name. Add it to the page, lined up with its other fields, like this:\n${blocks}`,
    )
  })

  it('builds a list of groups from the examples of its items\' fields', () => {
    const p = only(`${head}blocks:\n  - type: audience-accordion\n`)
    expect(snippet(p.hint)).toEqual([
      'cards:',
      '  - title: Construction and industrial',
      '    description: Site managers, buyers and engineers at contractors and manufacturers.',
      '    image:',
      '      src: /media/img/b2b-smes.webp',
      '      alt: Abstract illustration of small shop fronts',
      '    href: /b2b-audience',
    ])
  })

  it('keeps "Add a line like" for a field that is plain text', () => {
    expect(only(`${head}blocks:\n  - type: intro\n`).hint).toBe('The title. Add a line like:  title: "Small businesses, big decisions"')
  })

  it('follows a "#/$defs" ref inside the site settings', () => {
    const site = readFileSync(join(projectRoot, 'pages/_site.yaml'), 'utf8').replace(/\n    list:\n      label: Solutions\n(?: {6}.*\n)+/, '\n')
    const read = parseYaml('pages/_site.yaml', utf8(site))
    if (!read.ok) throw new Error(read.problems[0]!.message)
    // (The fixture routes leave most of the menu links broken; those are not the point here.)
    const [p, ...rest] = validateDocument(read.parsed, read.value, schemas).filter((x) => x.code !== 'BrokenLink')
    expect(rest).toEqual([])
    expect(p!.message).toBe('"header.mobile" in the site settings is missing the required field "list".')
    expect(snippet(p!.hint)).toEqual(['list:', '  label: Audience', '  links:', '    - label: B2b-Audience', '      href: /b2b-audience'])
  })
})

describe('a group written as text', () => {
  it('says to write its fields below, with the same YAML', () => {
    const p = only(`${head}blocks:\n  - type: media-text\n    heading: h\n    image: ...\n`)
    expect(p.message).toBe('"image" must be a set of fields, but here it is text.')
    expect(p.hint).toBe(`Write its fields on the lines below "image:", indented two more spaces, with nothing after the colon, like this:\n${image}`)
  })

  it('shows an item of a list of groups as "- " and its fields', () => {
    const p = only(`${head}blocks:\n  - type: image-trio\n    images:\n      - one\n      - image: { src: /media/img/b2b-smes.webp, alt: "" }\n      - image: { src: /media/img/b2b-smes.webp, alt: "" }\n`)
    expect(p.message).toBe('Item 1 of "images" must be a set of fields, but here it is text.')
    expect(p.hint).toBe(
      'Write the item as fields: the first after the "- ", the others lined up under it, like this:\n' +
        '  - image:\n      src: /media/img/b2b-smes.webp\n      alt: Abstract illustration of small shop fronts',
    )
  })
})

describe('an empty value', () => {
  it('a required group: its YAML, no offer to remove it', () => {
    const p = only(`${head}blocks:\n  - type: media-text\n    heading: h\n    image:\n`)
    expect(p.message).toBe('"image" must be a set of fields, but here it is empty.')
    expect(p.hint).toBe(`Put its fields on the lines below "image:", indented two more spaces, like this:\n${image}`)
  })

  it('an optional group: delete it, or its YAML', () => {
    const p = only(`${head}blocks:\n  - type: hero\n    title: t\n    backLink:\n`)
    expect(p.hint).toBe(
      '"backLink" is optional: delete the line if you do not need it. Otherwise put its fields on the lines below "backLink:", indented two more spaces, like this:\n' +
        '  backLink:\n    label: B2b-Audience\n    href: /b2b-audience',
    )
  })

  it('a required list: how many items it needs, each starting with "- "', () => {
    const p = only(`${head}blocks:\n`)
    expect(p.message).toBe('"blocks" must be a list, but here it is empty.')
    expect(p.hint).toBe(`It needs at least one item: write each on its own line below "blocks:", starting with "- ", like this:\n${blocks}`)
    expect(only(`${head}blocks:\n  - type: steps\n    heading: h\n    steps:\n`).hint).toMatch(/^It needs at least 2 items: write each on its own line below "steps:"/)
  })

  it('an optional list: delete it, or at least one item', () => {
    const p = only(`${head}blocks:\n  - type: media-text\n    heading: h\n    image: { src: /media/img/b2b-smes.webp, alt: "" }\n    bullets:\n`)
    expect(p.hint).toBe(
      '"bullets" is optional: delete the line if you do not need it. Otherwise it needs at least one item: write each on its own line below "bullets:", starting with "- ", like this:\n' +
        '  bullets:\n    - 2,500 telephone interviews\n    - 12 markets in 8 languages',
    )
  })

  it('required text: a value after the colon, with an example; optional text may go', () => {
    const [title, eyebrow] = check('title:\ndescription: d\nblocks:\n  - type: intro\n    title: t\n    eyebrow:\n')
    expect(title!.hint).toBe('Write a value after the colon, like:  title: "SME research"')
    expect(eyebrow!.hint).toBe('Write a value after the colon, or remove the field.')
  })

  it('"blocks: []": replace the brackets with items on their own lines', () => {
    const p = only(fixture('no-blocks.yaml'))
    expect(p.message).toBe('"blocks" needs at least 1 item.')
    expect(p.hint).toBe(
      `The page's content, top to bottom. Each block starts with "- type:" and the block's name. Replace "[]" with the items, each on its own line starting with "- ", like this:\n${blocks}`,
    )
  })
})

describe('following a hint word for word', () => {
  it('fixes a missing group in one round', () => {
    const source = fixture('missing-field.yaml')
    expect(check(source + at(snippet(only(source).hint), 5))).toEqual([])
    const video = fixture('video-without-image.yaml')
    expect(check(video + at(snippet(only(video).hint), 5))).toEqual([])
  })

  it('fixes a group written as text, or left empty, in one round', () => {
    for (const written of ['image: ...', 'image:']) {
      const source = `${head}blocks:\n  - type: media-text\n    heading: h\n    ${written}\n`
      const fixed = source.replace(`    ${written}\n`, at(snippet(only(source).hint), 5))
      expect(check(fixed), written).toEqual([])
    }
  })

  it('fixes missing, empty or bracketed blocks in one round', () => {
    expect(check(head + at(snippet(only(head).hint), 1))).toEqual([])
    const empty = `${head}blocks:\n`
    expect(check(head + at(snippet(only(empty).hint), 1))).toEqual([])
    const brackets = fixture('no-blocks.yaml')
    expect(check(brackets.replace('blocks: []\n', at(snippet(only(brackets).hint), 1)))).toEqual([])
  })
})

describe('in the terminal', () => {
  it('keeps the YAML of a hint under the hint, with its own indentation', () => {
    expect(formatProblem(only(fixture('video-without-image.yaml'))).split('\n')).toEqual([
      'p.yaml:4:5  The "hero" block is missing the required field "image".  [MissingField]',
      '    hint: It is needed because "video" is set. Add it to the "hero" block, lined up with its other fields, like this:',
      '            image:',
      '              src: /media/img/b2b-smes.webp',
      '              alt: Abstract illustration of small shop fronts',
    ])
  })
})

describe('a field named as another block names it', () => {
  it('suggests the field that means the same when spelling finds none ("title" on a block with "heading")', () => {
    // (The missing "heading" is reported too; the hint is on the field written instead.)
    const problem = check(`${head}blocks:\n  - type: media-text\n    title: Who takes part\n${image.replace(/^/gm, '  ')}\n`).find((p) => p.code === 'UnknownField')!
    expect(problem).toMatchObject({ code: 'UnknownField', line: 5, column: 5 })
    expect(problem.hint).toMatch(/^Did you mean "heading"\?/)
  })

  it('still prefers a near spelling, and says nothing when no field means the same', () => {
    expect(only(`${head}blocks:\n  - type: intro\n    titel: Hello\n`).hint).toMatch(/^Did you mean "title"\?/)
    expect(only(`${head}blocks:\n  - type: intro\n    title: Hello\n    colour: red\n`).hint).not.toMatch(/Did you mean/)
  })
})

describe('a group\'s fields written without their indentation', () => {
  it('names the empty group above as their owner, with the indentation to add', () => {
    const problems = check(`${head}blocks:\n  - type: media-text\n    heading: Who takes part\n    image:\n    src: /media/img/b2b-smes.webp\n    alt: ""\n`)
    const src = problems.find((p) => p.code === 'UnknownField' && p.message.startsWith('"src"'))!
    expect(src).toMatchObject({ line: 7, column: 5 })
    expect(src.message).toBe('"src" is not a field of the "media-text" block, but of "image" above it.')
    expect(src.hint).toBe('Indent it two more spaces than "image:" on line 6, so it sits under it, as do the other fields of "image".')
  })
})
