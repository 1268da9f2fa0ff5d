import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseDocument, type Document, type YAMLMap, type YAMLSeq } from 'yaml'
import { projectRoot } from '../../support/fixture-targets'

/**
 * The guide promises that content edits need no code. A copy of the project
 * gets a new hub card, a header link, a testimonial and a typing phrase; its
 * build must pass the browser tests of the pages it changed, unchanged.
 */
const copy = mkdtempSync(join(tmpdir(), 'content-edits-'))
afterAll(() => rmSync(copy, { recursive: true, force: true }))

/**
 * Change a copied page as an author would, found by structure rather than by
 * its words: whatever the pages say today, the edit lands. `change` gets the
 * parsed document and adds to it; comments and layout elsewhere are kept.
 */
function edit(path: string, change: (doc: Document.Parsed) => void): void {
  const file = join(copy, path)
  const doc = parseDocument(readFileSync(file, 'utf8'))
  change(doc)
  writeFileSync(file, doc.toString())
}

/** The index of the page's first block of `type`. */
function blockIndex(doc: Document.Parsed, type: string): number {
  const blocks = doc.get('blocks') as YAMLSeq<YAMLMap>
  const index = blocks.items.findIndex((b) => b.get('type') === type)
  expect(index, `the page has a "${type}" block to edit`).toBeGreaterThanOrEqual(0)
  return index
}

/** Adds `item` at the top of the list at `path`. */
function prepend(doc: Document.Parsed, path: (string | number)[], item: unknown): void {
  const list = doc.getIn(path) as YAMLSeq
  expect(list?.items, `${path.join('.')} is a list`).toBeDefined()
  list.items.unshift(doc.createNode(item))
}

describe('content edits keep npm test passing', () => {
  it('a new hub card, header link, testimonial and typing phrase pass the home and audience browser tests', () => {
    const skipped = new Set(['node_modules', 'dist', 'test-results', 'screenshots', '.git', '.tmp16'])
    for (const name of readdirSync(projectRoot).filter((n) => !skipped.has(n))) cpSync(join(projectRoot, name), join(copy, name), { recursive: true })
    symlinkSync(join(projectRoot, 'node_modules'), join(copy, 'node_modules'))
    // A hub card (to an existing page: a page of its own would be written with new-page).
    edit('pages/b2b-audience.yaml', (doc) =>
      prepend(doc, ['blocks', blockIndex(doc, 'audience-accordion'), 'cards'], {
        title: 'Fleet managers',
        description: 'The people who buy, lease and run company vehicles, interviewed about cost, safety and the switch to electric.',
        icon: 'car',
        image: { src: '/media/img/b2b-smes.webp', alt: '' },
        href: '/about-us',
      }),
    )
    // A header link, in the menu that holds the B2B hub.
    edit('pages/_site.yaml', (doc) => {
      const menus = (doc.getIn(['header', 'menus']) as YAMLSeq<YAMLMap>).items
      const menu = menus.findIndex((m) => (m.get('links') as YAMLSeq<YAMLMap>).items.some((l) => l.get('href') === '/b2b-audience'))
      expect(menu, 'a header menu links to /b2b-audience').toBeGreaterThanOrEqual(0)
      prepend(doc, ['header', 'menus', menu, 'links'], { label: 'B2B fleet managers', href: '/b2b/smes' })
    })
    // A typing phrase and a testimonial on the home page.
    edit('pages/index.yaml', (doc) => {
      prepend(doc, ['blocks', blockIndex(doc, 'landing-hero'), 'typing', 'phrases'], 'fleet managers')
      prepend(doc, ['blocks', blockIndex(doc, 'testimonials'), 'items'], {
        quote: 'Fleet managers, in a fortnight.',
        text: 'We needed forty interviews with people who run company vehicles. Every one was on time.',
        image: { src: '/media/img/avatar-1.webp', alt: '' },
        name: 'Sam Okafor',
        title: 'Insight Lead, mobility start-up',
      })
    })
    for (const [path, words] of [['pages/b2b-audience.yaml', 'Fleet managers'], ['pages/_site.yaml', 'B2B fleet managers'], ['pages/index.yaml', 'Sam Okafor']]) {
      expect(readFileSync(join(copy, path!), 'utf8'), path).toContain(words)
    }
    // No E2E_PORT: the copy's playwright.config.ts picks a block of ports free
    // now, outside the ephemeral range, as npm test's own run does.
    // The site's tests alone: not the catalogue's build and server, which these tests never reach.
    const env: NodeJS.ProcessEnv = { ...process.env, E2E_SITE_ONLY: '1' }
    delete env.E2E_PORT
    execFileSync('npm', ['run', 'build'], { cwd: copy, env, stdio: 'pipe' })
    // The tests that show the edited content: the menus, the home sections and
    // its typing, and the one hub that gained a card, whose route test checks
    // what it shows (not every detail page: none of them changed, and they
    // are most of the suite's time).
    const affected = 'dropdowns|phone: the Menu|sections:|whole phrases|typewriter|/b2b-audience (renders|accordion)|hubs and their detail'
    const args = ['playwright', 'test', 'tests/e2e/home.spec.ts', 'tests/e2e/audiences.spec.ts', 'tests/e2e/pipeline.spec.ts', '--grep', affected]
    const run = () => execFileSync('npx', args, { cwd: copy, env, stdio: 'pipe', encoding: 'utf8' })
    let output: string
    try {
      output = run()
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string }
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}` || String(error)
    }
    expect(output).toMatch(/\d+ passed/)
    expect(output).not.toMatch(/\d+ failed/)
  }, 600_000)
})
