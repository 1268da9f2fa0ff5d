import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterEach, describe, expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { migrateProject } from '../../../../src/compiler/migrate/migrate'
import { tempProject } from '../../../../scripts/temp-project'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * Migrations through list items: the real audience-accordion schema with a
 * field of its cards renamed ("cards[].description" to "cards[].summary"),
 * over copies of the real pages, which still say "description" in every card.
 */
const type = 'audience-accordion'
const schemaFile = `schema/blocks/${type}.schema.json`
const original = JSON.parse(readFileSync(join(projectRoot, schemaFile), 'utf8'))

/** The schema with `rename`d card fields and the given steps. */
function withSteps(steps: unknown[], rename: [string, string] = ['description', 'summary']): string {
  const schema = structuredClone(original)
  const item = schema.properties.cards.items
  const [from, to] = rename
  item.properties = Object.fromEntries(Object.entries(item.properties).map(([k, v]) => [k === from ? to : k, v]))
  item.required = item.required.map((k: string) => (k === from ? to : k))
  schema.examples = schema.examples.map((e: { cards: Record<string, unknown>[] }) => ({ ...e, cards: e.cards.map(({ [from]: moved, ...rest }) => ({ ...rest, [to]: moved })) }))
  return JSON.stringify({ ...schema, 'x-version': 2, 'x-migrations': steps }, null, 2)
}

let remove = () => {}
afterEach(() => remove())
function project(schema: string) {
  const made = tempProject({ [schemaFile]: schema }, { copy: ['schema'] })
  remove = made.remove
  return { paths: projectPaths(made.root), root: made.root }
}

/** Every page with a block of the type, as data, and its file. */
function accordions(root: string) {
  const site = loadSite(projectPaths(root))
  return [...site.routes.values()].flatMap((path) => {
    const page = parse(readFileSync(path, 'utf8')) as { blocks: { type: string; cards?: Record<string, unknown>[] }[] }
    return page.blocks.filter((b) => b.type === type).map((block) => ({ path, block }))
  })
}

describe('a rename inside the items of a list', () => {
  const rename = [{ version: 2, rename: { from: 'cards[].description', to: 'cards[].summary' }, note: 'A card’s words are its "summary" now.' }]

  it('is reported by the check at the first old field, naming the old and the new field and the command; nothing claims the old field still exists', () => {
    const { paths, root } = project(withSteps(rename))
    const problems = loadSite(paths).problems
    const found = accordions(root)
    expect(found.length).toBeGreaterThan(0)
    expect(problems.filter((p) => p.code !== 'OutdatedBlock')).toEqual([])
    expect(problems).toHaveLength(found.length)
    const [first] = problems.filter((p) => p.file === `pages/${found[0]!.path.split('/pages/')[1]}`)
    const lines = readFileSync(found[0]!.path, 'utf8').split('\n')
    // At the first card's "description:" key.
    expect(lines[first!.line - 1]!.slice(first!.column - 1)).toMatch(/^description:/)
    expect(first!.message).toBe(`This "${type}" block is written the way its schema was before a change: "cards[].description" is an old field (version 2: rename "cards[].description" to "cards[].summary").`)
    expect(first!.hint).toContain('Run: npm run migrate.')
    expect(first!.hint).toContain('A card’s words are its "summary" now.')
  })

  it('is made by npm run migrate in every item of every page, words and comments kept, and then the site is valid', () => {
    const { paths, root } = project(withSteps(rename))
    const before = accordions(root)
    const texts = new Map(before.map(({ path }) => [path, readFileSync(path, 'utf8')]))
    const result = migrateProject(paths)
    expect(result.exitCode).toBe(0)
    expect(loadSite(paths).problems).toEqual([])
    for (const { path, block } of accordions(root)) {
      const old = before.find((b) => b.path === path)!.block
      expect(block.cards).toEqual(old.cards!.map(({ description, ...rest }) => ({ ...rest, summary: description })))
      // Only the renamed keys' lines changed: every other line is as it was.
      const [was, now] = [texts.get(path)!.split('\n'), readFileSync(path, 'utf8').split('\n')]
      expect(now.length).toBe(was.length)
      const changed = now.filter((line, i) => line !== was[i])
      expect(changed.length).toBe(old.cards!.length)
      expect(changed.every((line) => /^\s+summary: /.test(line))).toBe(true)
    }
    expect(result.report).toContain('rename "cards[].description" to "cards[].summary"')
    // The component's read of a card's description, found on the type of the list's items (and only that).
    const component = readFileSync(join(projectRoot, 'src/blocks', type, 'index.tsx'), 'utf8').split('\n')
    const reads = component.flatMap((line, i) => [...line.matchAll(/\bcard\.description\b/g)].map((m) => `  src/blocks/${type}/index.tsx:${i + 1}:${m.index! + 'card.'.length + 1}  ${line.trim().slice(0, 100)}`))
    expect(reads.length).toBeGreaterThan(0)
    expect(result.report.split('\n\nThe code still reads ')[1]!.split('\n').slice(1)).toEqual(reads)
  })
})

describe('list paths in a declaration', () => {
  it('a path into a list without "[]" says how to write it, never that the old field is still in the schema', () => {
    const { paths } = project(withSteps([{ version: 2, rename: { from: 'cards.description', to: 'cards.summary' } }]))
    const messages = loadSite(paths).problems.filter((p) => p.code === 'BadMigrationDeclaration').map((p) => p.message)
    expect(messages).toEqual([
      `The versions declared by the "${type}" block schema are not valid: rename "cards.description" to "cards.summary": "cards" is a list, so "cards.description" names no field; write "cards[].description" for the field in each of its items.`,
      `The versions declared by the "${type}" block schema are not valid: rename "cards.description" to "cards.summary": "cards" is a list, so "cards.summary" names no field; write "cards[].summary" for the field in each of its items.`,
    ])
  })

  it('a move out of the items it starts in is refused, saying where it may go', () => {
    const { paths } = project(withSteps([{ version: 2, move: { from: 'cards[].description', to: 'heading' } }]))
    const messages = loadSite(paths).problems.filter((p) => p.code === 'BadMigrationDeclaration').map((p) => p.message)
    expect(messages[0]).toBe(
      `The versions declared by the "${type}" block schema are not valid: a move stays inside the items it starts in: "cards[].description" can go to "cards[].heading" or deeper in each item of "cards", not to "heading".`,
    )
    // The refused step leaves version 2 without one, which is said too.
    expect(messages.slice(1)).toEqual([`The versions declared by the "${type}" block schema are not valid: version 2 has no step in "x-migrations"; every version after 1 needs at least one.`])
  })

  it('a default fills a missing field in every item', () => {
    const schema = JSON.parse(withSteps([{ version: 2, rename: { from: 'cards[].description', to: 'cards[].summary' } }]))
    schema['x-version'] = 3
    schema.properties.cards.items.properties.badge = { type: 'string', maxLength: 20, description: 'A short word on the card.', examples: ['New'] }
    schema.properties.cards.items.required.push('badge')
    schema['x-migrations'].push({ version: 3, default: { field: 'cards[].badge', value: 'New' } })
    schema.examples = schema.examples.map((e: { cards: object[] }) => ({ ...e, cards: e.cards.map((c) => ({ ...c, badge: 'New' })) }))
    const { paths, root } = project(JSON.stringify(schema, null, 2))
    expect(migrateProject(paths).exitCode).toBe(0)
    expect(loadSite(paths).problems).toEqual([])
    for (const { block } of accordions(root)) expect(block.cards!.every((c) => c.badge === 'New' && typeof c.summary === 'string')).toBe(true)
  })
})
