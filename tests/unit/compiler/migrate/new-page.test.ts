import { readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isSeq, parseDocument, visit, type YAMLSeq } from 'yaml'
import { checkPageSource, loadSite, projectPaths } from '../../../../src/compiler/index'
import { tempProject } from '../../../../scripts/temp-project'
import { planNewPage } from '../../../../src/compiler/migrate/new-page'
import { sourceOf } from '../../../../src/compiler/schema/page-rules'
import { checkDistinctPages } from '../../../../src/compiler/site/cross-page-rules'
import { parseYaml } from '../../../../src/compiler/yaml/parse-yaml'
import { readBlockSchemas } from '../../../../src/compiler/schema/schema-set'
import { fixtureSchemas, projectRoot } from '../../../support/fixture-targets'

const existing = new Map([['/b2b/smes', 'pages/b2b/smes.yaml']])
const versions = readBlockSchemas(join(projectRoot, 'schema'))

/** A page's text checked like a real page: it must pass, and comes back parsed. */
function checkParsedSource(yaml: string) {
  const bytes = new TextEncoder().encode(yaml)
  const { page, problems } = checkPageSource('p.yaml', bytes, fixtureSchemas())
  expect(problems).toEqual([])
  const read = parseYaml('p.yaml', bytes)
  if (!read.ok || !page) throw new Error('unreadable')
  return { parsed: read.parsed, page }
}

describe('new-page', () => {
  it('writes a starter that passes every check', () => {
    const plan = planNewPage('/b2b/fleet-managers', existing, versions)
    expect(plan).toMatchObject({ ok: true, file: 'b2b/fleet-managers.yaml' })
    if (!plan.ok) return
    expect(plan.yaml).toContain('title: Fleet managers')
    expect(checkPageSource(plan.file, new TextEncoder().encode(plan.yaml), fixtureSchemas()).problems).toEqual([])
  })

  it('copies a page with --like and gives it its own title and description', () => {
    const plan = planNewPage('/investor/familyOffices', existing, versions, 'title: SME research\ndescription: d\nblocks: []\n')
    expect(plan).toEqual({
      ok: true,
      file: 'investor/familyOffices.yaml',
      yaml: 'title: Family offices\ndescription: What a visitor finds on the Family offices page, in a sentence or two.\nblocks: []\n',
    })
  })

  it('replaces a description written over several lines whole, and the copy passes the check beside its original', () => {
    const source = 'title: SME research\ndescription: >\n  Owners and managers\n  of small firms.\nblocks:\n  - type: intro\n    title: Small firms\n'
    const plan = planNewPage('/b2b/fleet-managers', existing, versions, source)
    if (!plan.ok) throw new Error(plan.reason)
    expect(plan.yaml).not.toMatch(/small firms|Owners and managers/)
    expect(plan.yaml).toContain('blocks:\n')
    const { parsed, page } = checkParsedSource(plan.yaml)
    const original = checkParsedSource(source)
    // Nothing shared with the original; only the new description is a placeholder still.
    const problems = checkDistinctPages([{ route: '/b2b/smes', source: sourceOf(original.parsed), page: original.page }, { route: '/b2b/fleet-managers', source: sourceOf(parsed), page }])
    expect([...problems.values()].flat().map((p) => p.code)).toEqual(['StarterText'])
  })

  it('refuses routes that exist or cannot be addresses, saying why', () => {
    expect(planNewPage('/b2b/smes', existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('already exists: it is made by pages/b2b/smes.yaml') })
    expect(planNewPage('b2b/x', existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('starts with "/"') })
    expect(planNewPage('/b2b/new page', existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('"new page" cannot be part of an address') })
    expect(planNewPage('/_drafts/x', existing, versions)).toMatchObject({ ok: false })
    expect(planNewPage('/b2b/SMEs', existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('differs from the existing page /b2b/smes only in capital letters') })
  })

  it('refuses a backslash, which the file name would turn into a folder, and a route too long for a file name (issue 23, F5)', () => {
    // Before: pages/a\b.yaml was written, and read back as the route /a/b.
    expect(planNewPage('/a\\b', existing, versions)).toEqual({ ok: false, reason: '"a\\b" cannot be part of an address: use letters, digits and dashes, starting with a letter or digit.' })
    expect(planNewPage(`/${'a'.repeat(300)}`, existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('This address is 301 characters long') })
  })
})

describe('starter text left in a page', () => {
  let remove = () => {}
  afterEach(() => remove())

  it('flags the starter\'s placeholders across the site check until they are replaced', () => {
    const plan = planNewPage('/b2b/fleet-managers', existing, versions)
    if (!plan.ok) throw new Error(plan.reason)
    const made = tempProject({ 'pages/b2b/fleet-managers.yaml': plan.yaml })
    remove = made.remove
    const problems = loadSite(projectPaths(made.root)).problems
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message}`)).toEqual([
      'pages/b2b/fleet-managers.yaml:2:14 StarterText The "description" is still the placeholder a new page starts with.',
      'pages/b2b/fleet-managers.yaml:10:11 StarterText The "text" is still the placeholder a new page starts with.',
    ])
  })

  it('flags a --like copy that keeps its original\'s words, at the copy (the newer file), until they change', () => {
    const smes = readFileSync(join(projectRoot, 'pages/b2b/smes.yaml'), 'utf8')
    const plan = planNewPage('/b2b/fleet-managers', existing, versions, smes)
    if (!plan.ok) throw new Error(plan.reason)
    const made = tempProject({ 'pages/b2b/fleet-managers.yaml': plan.yaml })
    remove = made.remove
    const copy = join(made.root, 'pages/b2b/fleet-managers.yaml')
    const later = new Date(Date.now() + 60_000)
    utimesSync(copy, later, later)
    const found = () => loadSite(projectPaths(made.root)).problems.map((p) => `${p.file}:${p.line} ${p.code}`)
    // Every sentence of the original (60 characters or more; pictures' alt
    // text aside, as the pictures may stay) is reported once, at the copy;
    // the hero's text already is, as copied hero words.
    const sentences: string[] = []
    // (The page's description is new-page's starter in the copy.)
    visit(parseDocument(smes).get('blocks') as YAMLSeq, {
      Pair(_, pair) {
        const value = (pair.value as { value?: unknown } | null)?.value
        if (String((pair.key as { value?: unknown }).value) !== 'alt' && typeof value === 'string' && value.length >= 60) sentences.push(value)
      },
      Scalar(_, node, path) {
        if (typeof node.value === 'string' && node.value.length >= 60 && isSeq(path.at(-1))) sentences.push(node.value)
      },
    })
    const reported = found()
    expect(reported.slice(0, 3)).toEqual(['pages/b2b/fleet-managers.yaml:2 StarterText', 'pages/b2b/fleet-managers.yaml:6 CopiedHeroText', 'pages/b2b/fleet-managers.yaml:8 CopiedHeroText'])
    const copied = reported.slice(3)
    expect(copied).toHaveLength(sentences.length - 1)
    expect(copied.every((line) => line.startsWith('pages/b2b/fleet-managers.yaml:') && line.endsWith(' CopiedText'))).toBe(true)
    // Written anew (every long text gets this page's own words), the copy passes; its pictures stay the same.
    const doc = parseDocument(plan.yaml)
    visit(doc, {
      Scalar(_, node) {
        if (typeof node.value === 'string' && node.value.length >= 60) node.value = `For fleet managers: ${node.value}`
      },
    })
    const rewritten = doc
      .toString()
      .replace(/^ {4}title: .*$/m, '    title: Fleet managers, reached where they work')
      .replace(/^ {4}highlight: .*$/m, '    highlight: Fleet managers')
      .replace(/^ {4}text: .*$/m, '    text: People who run company vehicles, by phone and online.')
      .replace(/^description: .*$/m, 'description: Interviews with the people who run company vehicles.')
    writeFileSync(copy, rewritten)
    utimesSync(copy, later, later)
    expect(found()).toEqual([])
  })

  it('flags a sentence written on two pages at the newer one, but never a shared block used on both', () => {
    const sentence = 'Every interview is booked by a person who has read the brief and checked the respondent first.'
    const page = (title: string, block: string) =>
      `title: ${title}\ndescription: The ${title} page, described in its own words for search results.\n\nblocks:\n  - type: hero\n    title: ${title} for research\n\n${block}\n`
    const written = `  - type: intro\n    title: How we work\n    text: ${sentence}`
    const made = tempProject({
      'pages/_shared.yaml': `bookedIntro:\n  type: intro\n  title: How we work\n  text: ${sentence}\n`,
      'pages/first.yaml': page('First', written),
      'pages/second.yaml': page('Second', written),
      'pages/third.yaml': page('Third', '  - use: bookedIntro'),
      'pages/fourth.yaml': page('Fourth', '  - use: bookedIntro'),
    })
    remove = made.remove
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(made.root, 'pages/second.yaml'), later, later)
    const problems = loadSite(projectPaths(made.root)).problems.filter((p) => /first|second|third|fourth/.test(p.file))
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message}`)).toEqual([
      'pages/second.yaml:10:11 CopiedText This "text" says word for word what pages/first.yaml already says; it looks copied and not yet changed.',
    ])
  })

  it('flags a back link to a page that does not lead here when another page does, naming that page', () => {
    const smes = readFileSync(join(projectRoot, 'pages/b2b/smes.yaml'), 'utf8')
    const hub = readFileSync(join(projectRoot, 'pages/b2b-audience.yaml'), 'utf8')
    const plan = planNewPage('/b2b/fleet-managers', existing, versions, smes)
    if (!plan.ok) throw new Error(plan.reason)
    // Another hub whose card leads to the new page; the copy still returns to /b2b/smes's hub.
    const otherHub = hub.replace(/^title: .*$/m, 'title: Fleet hub').replace(/^description: .*$/m, 'description: A hub for fleets.').replace('href: /b2b/smes', 'href: /b2b/fleet-managers')
    const back = /backLink:\n\s+label: .*\n\s+href: (\S+)/.exec(plan.yaml)!
    const made = tempProject({ 'pages/b2b/fleet-managers.yaml': plan.yaml, 'pages/fleet-hub.yaml': otherHub })
    remove = made.remove
    const line = plan.yaml.slice(0, plan.yaml.indexOf(`href: ${back[1]}`)).split('\n').length
    const found = () => loadSite(projectPaths(made.root)).problems.filter((p) => p.code === 'BackLinkDoesNotReturn')
    expect(found().map((p) => `${p.file}:${p.line} ${p.message} ${p.hint}`)).toEqual([
      `pages/b2b/fleet-managers.yaml:${line} The back link goes to ${back[1]}, which has no link to this page (/b2b/fleet-managers). A back link returns to the page that leads here, and "/fleet-hub" links to this page: change the back link's href (and label) to it, or add a link to /b2b/fleet-managers on ${back[1]} (on a hub, a card).`,
    ])
    writeFileSync(join(made.root, 'pages/b2b/fleet-managers.yaml'), plan.yaml.replace(`href: ${back[1]}`, 'href: /fleet-hub'))
    expect(found()).toEqual([])
  })
})
