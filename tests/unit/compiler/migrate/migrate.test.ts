import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isMap, type YAMLMap } from 'yaml'
import { afterEach, describe, expect, it } from 'vitest'
import { checkPageSource, listFiles, loadSite, projectPaths, type ProjectPaths } from '../../../../src/compiler/index'
import { migrateProject, planMigration } from '../../../../src/compiler/migrate/migrate'
import { migrateSource } from '../../../../src/compiler/migrate/migrate-file'
import { moveField } from '../../../../src/compiler/migrate/migrate-yaml'
import { parseForEditing, printYaml } from '../../../../src/compiler/yaml-edit'
import { planNewPage } from '../../../../src/compiler/migrate/new-page'
import { sortProblems } from '../../../../src/compiler/problems/problems'
import { loadSchemaSet, readBlockSchemas } from '../../../../src/compiler/schema/schema-set'
import { projectRoot } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * Schema evolution, on a copy of the project whose hero schema is at version
 * 3 (tests/fixtures/migrate/hero.schema.json): version 2 renamed "title" to
 * "heading" and moved "action" into "button", version 3 made "size" required
 * with a default. before/ holds pages written at older versions, after/ the
 * exact text npm run migrate must make of those that change.
 */
const fixtures = join(projectRoot, 'tests/fixtures/migrate')
const text = (...path: string[]) => readFileSync(join(...path), 'utf8')
const before = (name: string) => text(fixtures, 'before', name)
const after = (name: string) => text(fixtures, 'after', name)
const beforeNames = readdirSync(join(fixtures, 'before')).sort()
const changedNames = readdirSync(join(fixtures, 'after')).sort()
const heroV3 = text(fixtures, 'hero.schema.json')

let remove = () => {}
afterEach(() => remove())

/** A project with the version-3 hero schema and the before/ pages, plus `files`. */
function project(files: Record<string, string> = {}): { paths: ProjectPaths; page: (name: string) => string } {
  const pages = Object.fromEntries(beforeNames.map((name) => [`pages/${name}`, before(name)]))
  const made = tempProject({ 'schema/blocks/hero.schema.json': heroV3, ...pages, ...files }, { copyPages: false, copy: ['schema'] })
  remove = made.remove
  return { paths: projectPaths(made.root), page: (name) => text(made.root, 'pages', name) }
}

const located = (problems: { file: string; line: number; column: number; code: string }[]) => problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)

const allSteps =
  'version 2: rename "title" to "heading", move "action.label" to "button.text", move "action.href" to "button.href"; version 3: set "size" to "tall" where it is missing'

describe('the real pages', () => {
  it('print back byte for byte after parsing for editing (a yaml upgrade that breaks this would rewrite layout)', () => {
    const files = listFiles(join(projectRoot, 'pages')).filter((f) => f.endsWith('.yaml'))
    expect(files.length).toBeGreaterThan(40)
    for (const file of files) {
      const source = readFileSync(file, 'utf8')
      expect(printYaml(parseForEditing(source).doc), file).toBe(source)
    }
  })

  it('are all at the current version of their blocks: npm run migrate has nothing to do', () => {
    expect(planMigration(projectPaths(projectRoot))).toEqual({ files: [], problems: [] })
  })
})

const steps2 = 'version 2: rename "title" to "heading"'

describe('npm run check on outdated pages', () => {
  it('reports each block written the old way at its old field, naming the migration, and nothing else about it', () => {
    const { paths } = project()
    const { problems } = loadSite(paths)
    expect(located(problems)).toEqual([
      'pages/_shared.yaml:15:3 OutdatedBlock',
      'pages/contact.yaml:3:1 VersionsNotNeeded',
      'pages/index.yaml:9:5 OutdatedBlock',
      'pages/index.yaml:38:5 OutdatedBlock',
      'pages/partly.yaml:3:1 VersionsNotNeeded',
      // Nothing old left in it: a missing required field, said as such.
      'pages/partly.yaml:7:5 MissingField',
    ])
    expect(problems[2]!.message).toBe(`This "hero" block is written the way its schema was before a change: "title" is an old field (${allSteps}).`)
    expect(problems[2]!.hint).toContain('Run: npm run migrate.')
    expect(problems[2]!.hint).toContain('Every block calls its headline "heading" now.')
    expect(problems[3]!.message).toContain(`(${steps2}).`)
  })

  it('tells a block by its shape: hand-written or pasted in the new shape is current, a bare block gets "add", a pasted old block is old', () => {
    const page = (blocks: string, versions = '') => `title: T\ndescription: d\n${versions}blocks:\n${blocks}`
    const { paths } = project({
      'pages/by-hand.yaml': page('  - type: hero\n    heading: Written the new way\n    size: short\n'),
      'pages/old-record.yaml': page('  - type: hero\n    heading: Pasted from the catalogue\n    size: short\n', 'versions:\n  hero: 1\n'),
      'pages/bare.yaml': page('  - type: hero\n'),
      'pages/pasted-old.yaml': page('  - type: hero\n    title: Pasted from an old page\n    size: short\n'),
    })
    const problems = loadSite(paths).problems.filter((p) => /by-hand|old-record|bare|pasted-old/.test(p.file))
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message}`)).toEqual([
      'pages/bare.yaml:4:5 MissingField The "hero" block is missing the required field "heading".',
      'pages/bare.yaml:4:5 MissingField The "hero" block is missing the required field "size".',
      'pages/old-record.yaml:3:1 VersionsNotNeeded "versions:" is no longer needed: the check tells an old block from a new one by its fields.',
      `pages/pasted-old.yaml:5:5 OutdatedBlock This "hero" block is written the way its schema was before a change: "title" is an old field (${steps2}).`,
    ])
  })

  it('lets pages/_shared.yaml name a shared block "versions"; only a mapping of numbers is an old record', () => {
    const { paths } = project({ 'pages/_shared.yaml': 'versions:\n  type: intro\n  title: A block by that name\n' })
    expect(loadSite(paths).problems.filter((p) => p.file === 'pages/_shared.yaml')).toEqual([])
  })
})

describe('npm run migrate', () => {
  it('rewrites old blocks in place, keeping comments and layout, removes "versions:", and the site is valid again', () => {
    const { paths, page } = project()
    const result = migrateProject(paths)
    // (The lines of code that still read "title" follow; a test below checks them.)
    expect(result.report.split('\n\nThe code still reads')[0]).toBe(
      [
        `pages/_shared.yaml: 1 "hero" block rewritten (${allSteps})`,
        'pages/contact.yaml: "versions:" removed; the check tells old blocks by their fields',
        `pages/index.yaml: 2 "hero" blocks rewritten (${allSteps})`,
        'pages/partly.yaml: 1 "hero" block rewritten (set "size" to "tall" where it is missing)',
        'pages/partly.yaml: "versions:" removed; the check tells old blocks by their fields',
        '',
        // This copy's hero schema is not the one src/generated/ was made from: the next step is said.
        'Migrated 4 files. The pages pass the check. src/generated/ is out of date with the schema: run npm run gen, then npm run typecheck (npm run check refuses it until then).',
      ].join('\n'),
    )
    expect(result.exitCode).toBe(0)
    for (const name of changedNames) expect(page(name), name).toBe(after(name))
    for (const name of beforeNames.filter((n) => !changedNames.includes(n))) expect(page(name), name).toBe(before(name))
    expect(loadSite(paths).problems).toEqual([])
  })

  it('rewrites page fixtures too', () => {
    const oldHero = 'title: Old fixture\ndescription: d\nblocks:\n  - type: hero\n    title: Kept mistake\n    size: huge\n'
    const { paths } = project({
      'tests/fixtures/invalid/not-an-allowed-size.yaml': oldHero,
      'tests/fixtures/migrate/before/kept.yaml': oldHero,
    })
    const result = migrateProject(paths)
    const file = (path: string) => readFileSync(join(paths.root, path), 'utf8')
    // The fixture keeps its own mistake ("huge") and takes the new name.
    expect(file('tests/fixtures/invalid/not-an-allowed-size.yaml')).toBe(oldHero.replace('    title: Kept', '    heading: Kept'))
    expect(file('tests/fixtures/migrate/before/kept.yaml')).toBe(oldHero)
    expect(result.report).toContain('tests/fixtures/invalid/not-an-allowed-size.yaml: 1 "hero" block rewritten (rename "title" to "heading")')
  })

  it("lists exactly the code that reads the old fields on the block's type, destructuring included, and nothing else of the same names", () => {
    // The hero's own component (the real src/) destructures "title" and reads "action"'s label; a test reads them
    // in every way, beside another block's "title", a link's "label" that is not the hero's, a string and a comment.
    const reads = [
      "import type { HeroBlock, IntroBlock, Link } from '../../src/generated/schema-types'",
      'declare const hero: HeroBlock',
      'declare const intro: IntroBlock',
      'declare const link: Link',
      'const { title } = hero',
      "const alsoTitle = hero['title']",
      'const { action } = hero',
      'const label = action?.label',
      'const direct = hero.action?.label',
      'const other = intro.title',
      'const elsewhere = link.label',
      "const words = 'title: Hello'",
      '// hero.title in a comment',
      'export { title, alsoTitle, label, direct, other, elsewhere, words }',
    ]
    const { paths } = project({ 'tests/unit/hero-reads.test.ts': `${reads.join('\n')}\n` })
    const result = migrateProject(paths)
    const component = readFileSync(join(projectRoot, 'src/blocks/hero/index.tsx'), 'utf8').split('\n')
    const at = (lines: string[], line: number, text: string, from = 0) => `${line + 1}:${lines[line]!.indexOf(text, from) + 1}`
    const signature = component.findIndex((l) => l.startsWith('export default function Hero('))
    const componentReads = component.flatMap((l, i) => [...l.matchAll(/\baction(\?)?\.(label|href)\b/g)].map((m) => `  src/blocks/hero/index.tsx:${i + 1}:${m.index! + m[0].indexOf(m[2]!) + 1}  ${l.trim().slice(0, 100)}`))
    const line = (text: string) => reads.findIndex((r) => r === text)
    expect(result.report.split('\n\nThe code still reads ')[1]!.split('\n')).toEqual([
      '"title" of "hero", "action.href" of "hero", "action.label" of "hero", which the migration renamed or moved (found by TypeScript on the block\'s type; change each, then npm run gen and npm run typecheck):',
      `  src/blocks/hero/index.tsx:${at(component, signature, 'title')}  ${component[signature]!.trim().slice(0, 100)}`,
      ...componentReads,
      `  tests/unit/hero-reads.test.ts:${at(reads, line('const { title } = hero'), 'title')}  const { title } = hero`,
      `  tests/unit/hero-reads.test.ts:${at(reads, line("const alsoTitle = hero['title']"), "'title'")}  const alsoTitle = hero['title']`,
      `  tests/unit/hero-reads.test.ts:${at(reads, line('const label = action?.label'), 'label', 'const label'.length)}  const label = action?.label`,
      `  tests/unit/hero-reads.test.ts:${at(reads, line('const direct = hero.action?.label'), 'label')}  const direct = hero.action?.label`,
    ])
  })

  it('changes nothing when run a second time', () => {
    const { paths, page } = project()
    migrateProject(paths)
    expect(migrateProject(paths)).toEqual({ exitCode: 0, report: 'Nothing to migrate.', problems: [] })
    for (const name of changedNames) expect(page(name), name).toBe(after(name))
  })

  it('with --dry-run, says what would change, writes nothing and exits 1', () => {
    const { paths, page } = project()
    const result = migrateProject(paths, { dryRun: true })
    expect(result.exitCode).toBe(1)
    expect(result.report).toContain('pages/partly.yaml: 1 "hero" block rewritten')
    expect(result.report).toContain('Would migrate 4 files; nothing was written.')
    for (const name of beforeNames) expect(page(name), name).toBe(before(name))
  })

  it('reports every conflict where it is, and then writes nothing at all', () => {
    const { paths, page } = project({
      'pages/clash.yaml': 'title: Clash\ndescription: d\nblocks:\n  - type: hero\n    title: Old\n    heading: New\n',
      'pages/blocked.yaml': 'title: Blocked\ndescription: d\nblocks:\n  - type: hero\n    title: T\n    action:\n      label: Go\n      href: /\n    button: Click here\n',
      'pages/broken.yaml': 'title: Broken\ndescription: d\nblocks:\n  - type: hero\n    title: "unclosed\n',
    })
    const result = migrateProject(paths)
    expect(result.exitCode).toBe(1)
    expect(located(result.problems)).toEqual(['pages/blocked.yaml:9:13 MigrationPathBlocked', 'pages/broken.yaml:5:12 UnclosedQuote', 'pages/clash.yaml:5:5 MigrationTargetTaken'])
    const [blocked, , clash] = result.problems
    expect(blocked!.message).toBe('Cannot move "action.label" to "button.text" in this "hero" block: "button" is text, not a set of fields.')
    expect(clash!.message).toBe('Cannot rename "title" to "heading" in this "hero" block: it already has "heading".')
    expect(result.report).toMatch(/Nothing was written\. Fix these, then run npm run migrate again\.$/)
    for (const name of beforeNames) expect(page(name), name).toBe(before(name))
    expect(page('clash.yaml')).toBe('title: Clash\ndescription: d\nblocks:\n  - type: hero\n    title: Old\n    heading: New\n')
  })

  it('notes a file whose rewrite also changes layout it did not need to touch', () => {
    const versions = readBlockSchemas(join(projectRoot, 'schema'))
    versions.set('intro', { ...versions.get('intro')!, version: 2, steps: [{ version: 2, op: 'rename', from: ['eyebrow'], to: ['kicker'] }] })
    const source = 'title:   Spaced out\ndescription: d\nblocks:\n  - type: intro\n    eyebrow: e\n    title: t\n'
    const migrated = migrateSource('pages/p.yaml', new TextEncoder().encode(source), versions, false)
    expect(migrated.text).toBe('title: Spaced out\ndescription: d\nblocks:\n  - type: intro\n    kicker: e\n    title: t\n')
    expect(migrated.reformattedLine).toBe(1)
  })
})

describe('moving a field', () => {
  const block = (source: string) => {
    const { doc } = parseForEditing(source)
    return { doc, map: doc.contents as YAMLMap }
  }

  it('carries folded text with its line breaks to the new indentation', () => {
    const { doc, map } = block('text: >-\n  Folded text that\n  keeps its breaks.\nnext: 1\n')
    expect(moveField(map, ['text'], ['body', 'text'])).toEqual({ changed: true })
    expect(printYaml(doc)).toBe('body:\n  text: >-\n    Folded text that\n    keeps its breaks.\nnext: 1\n')
  })

  it('removes the mappings it empties, keeping their comments with the field', () => {
    const { doc, map } = block('a: 1\n\n# about cta\ncta:\n  label: Go # short\nb: 2\n')
    moveField(map, ['cta', 'label'], ['label'])
    expect(printYaml(doc)).toBe('a: 1\n\n# about cta\nlabel: Go # short\nb: 2\n')
    expect(isMap(map.get('cta'))).toBe(false)
  })

  it('leaves a block without the field alone', () => {
    const { doc, map } = block('a: 1\n')
    expect(moveField(map, ['cta', 'label'], ['button', 'text'])).toEqual({ changed: false })
    expect(printYaml(doc)).toBe('a: 1\n')
  })
})

describe('block schema declarations', () => {
  const declaration = [
    '  "x-version": 4,',
    '  "x-migrations": [',
    '    { "version": 3, "rename": { "from": "title", "to": "heading" } },',
    '    { "version": 2, "move": { "from": "action.label", "to": "button.label" } },',
    '    { "version": 5, "default": { "field": "size", "value": "tall" } },',
    '    { "version": 3, "copy": { "from": "a", "to": "b" } }',
    '  ],',
  ]
  const faulty = heroV3.replace(/ {2}"x-version"[\s\S]*?\n {2}\],\n/, `${declaration.join('\n')}\n`)

  it('are checked when the schemas load, each fault located in the schema file', () => {
    expect(faulty).toContain('"copy"')
    const { paths, page } = project({ 'schema/blocks/hero.schema.json': faulty })
    const problems = sortProblems(loadSite(paths).problems)
    expect(located(problems)).toEqual([
      'schema/blocks/hero.schema.json:6:16 BadMigrationDeclaration', // no step for version 4
      'schema/blocks/hero.schema.json:9:18 BadMigrationDeclaration', // 2 after 3
      'schema/blocks/hero.schema.json:9:61 BadMigrationDeclaration', // no field "button.label"
      'schema/blocks/hero.schema.json:10:18 BadMigrationDeclaration', // 5 above "x-version"
      'schema/blocks/hero.schema.json:11:5 BadMigrationDeclaration', // no operation
      'schema/blocks/hero.schema.json:11:21 BadMigrationDeclaration', // "copy"
    ])
    const messages = problems.map((p) => p.message).join('\n')
    expect(messages).toContain('The versions declared by the "hero" block schema are not valid: version 4 has no step in "x-migrations"')
    expect(messages).toContain('version 2 comes after version 3')
    expect(messages).toContain('the schema has no field "button.label" for it to go to')
    expect(messages).toContain('this step leads to version 5, but "x-version" is 4: raise "x-version" to the version of the newest step')
    expect(messages).toContain('"copy" is not part of a step')
    // npm run migrate refuses too, and writes nothing.
    expect(migrateProject(paths).exitCode).toBe(1)
    expect(page('index.yaml')).toBe(before('index.yaml'))
  })

  it('without "x-version", say to add it with the newest step\'s version, once', () => {
    const hero = JSON.parse(readFileSync(join(projectRoot, 'schema/blocks/hero.schema.json'), 'utf8'))
    hero['x-migrations'] = [{ version: 2, rename: { from: 'title', to: 'heading' } }, { version: 3, rename: { from: 'text', to: 'lead' } }]
    delete hero['x-version']
    const { paths } = project({ 'schema/blocks/hero.schema.json': JSON.stringify(hero, null, 2) })
    const problems = loadSite(paths).problems.filter((p) => p.code === 'BadMigrationDeclaration')
    expect(problems.map((p) => p.message)).toEqual([
      'The versions declared by the "hero" block schema are not valid: the schema has steps but no "x-version": add "x-version": 3 beside "x-migrations" (the version its newest step leads to).',
    ])
  })

  it('refuse a step that takes away a field the current schema has: old and new blocks would look alike', () => {
    const reused = heroV3.replace('"x-version": 3,', '"x-version": 4,').replace(
      '{ "version": 3, "default": { "field": "size", "value": "tall" } }',
      '{ "version": 3, "default": { "field": "size", "value": "tall" } },\n    { "version": 4, "rename": { "from": "highlight", "to": "accent" } }',
    ).replace('"highlight": {', '"accent": { "type": "string", "description": "d", "examples": ["a"] },\n    "highlight": {')
    const { paths } = project({ 'schema/blocks/hero.schema.json': reused })
    expect(loadSite(paths).problems.map((p) => p.message)).toEqual([
      'The versions declared by the "hero" block schema are not valid: rename "highlight" to "accent": "highlight" is a field of the current schema too, so an old block could not be told from a new one by its fields; give the new field another name.',
    ])
  })

  it('are annotations ajv accepts in strict mode', () => {
    const { paths } = project()
    expect(loadSchemaSet(paths.schemaDir).blocks.get('hero')).toMatchObject({ version: 3, steps: expect.any(Array) })
  })
})

describe('npm run new-page', () => {
  it('writes the starter in the current shape, with no version bookkeeping', () => {
    const { paths } = project()
    const versions = readBlockSchemas(paths.schemaDir)
    const plan = planNewPage('/b2b/fleet-managers', new Map(), versions)
    if (!plan.ok) throw new Error(plan.reason)
    expect(plan.yaml).toContain('\n\nblocks:\n  - type: hero\n    heading: Fleet managers\n')
    expect(plan.yaml).not.toContain('versions')
    const schemas = loadSchemaSet(paths.schemaDir)
    expect(checkPageSource(plan.file, new TextEncoder().encode(plan.yaml), schemas).problems).toEqual([])
  })

  it('brings a copy made with --like up to date', () => {
    const { paths } = project()
    const plan = planNewPage('/home-copy', new Map(), readBlockSchemas(paths.schemaDir), before('index.yaml'))
    expect(plan).toEqual({
      ok: true,
      file: 'home-copy.yaml',
      yaml: after('index.yaml')
        .replace('title: Home', 'title: Home copy')
        .replace(/^description: .*$/m, 'description: What a visitor finds on the Home copy page, in a sentence or two.'),
    })
  })
})
