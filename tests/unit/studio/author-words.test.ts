import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { catalogue, type ProblemCode } from '../../../src/compiler/problems/errors'
import { stateLabels } from '../../../src/studio/panels/page-state'
import { fileName, pageName, problemForAuthors, studioSentences } from '../../../src/studio/shared/author-words'
import { moreChangesSentence, publishedSentence, refusals, type RefusalCode } from '../../../src/studio/shared/publish-sentences'
import { projectRoot } from '../../support/fixture-targets'

/**
 * One voice: every sentence an author can meet in the studio says pages by
 * their address, pictures by their name, the live site rather than a branch,
 * and no commands or folders. The words a developer would use instead
 * ("YAML" only names the YAML tab and its text):
 */
const developerWords = /public\/|\bpages\/|\.ya?ml\b|\bnpm\b|\borigin\b|\bmain\b|\bschema\b|\bmapping\b|\bYAML\b(?! (tab|text of the page))|\bgit\b|\bbranch\b|\bremote\b/

const withDeveloperWords = (sentences: Record<string, string>) => Object.entries(sentences).filter(([, text]) => developerWords.test(text))

/**
 * A stand-in for any argument a sentence takes: text ("x"), a list
 * (["x", "y"]) and a number (NaN) at once, so every sentence can be said
 * without knowing its arguments' shapes.
 */
const anything = new Proxy({}, { get: (_, key) => (key === 'then' ? undefined : Object.assign(new String('x'), { map: <T>(f: (s: string) => T) => ['x', 'y'].map(f), join: (s?: string) => ['x', 'y'].join(s), filter: () => ['x'], some: () => true, every: () => true, find: () => 'x' })) })

describe('how the studio names things', () => {
  it('names a page by its address, the settings by what they hold, a picture by its name', () => {
    expect(pageName('b2b/smes.yaml')).toBe('/b2b/smes')
    expect(pageName('index.yaml')).toBe('/')
    expect(pageName('b2b/index.yaml')).toBe('/b2b')
    expect(pageName('_site.yaml')).toBe('the header and footer')
    expect(pageName('_shared.yaml')).toBe('the shared blocks')
    expect(fileName('pages/about-us.yaml')).toBe('/about-us')
    expect(fileName('public/media/img/team.webp')).toBe('the picture team.webp')
    expect(fileName('public/media/video/b2b.webm')).toBe('the video b2b.webm')
  })
})

describe('one voice', () => {
  it("the studio's own sentences have no developer word", () => {
    const said = Object.fromEntries(Object.entries(studioSentences).map(([name, sentence]) => [name, (sentence as (a: unknown) => string)({ file: 'b2b/smes.yaml', files: ['_site.yaml'], relinked: ['_site.yaml', 'index.yaml'], unlinked: ['_site.yaml'], going: ['index.yaml'], goingLinks: 1, left: ['_shared.yaml'], leftLinks: 2, links: 2, paths: ['pages/_site.yaml', 'pages/about.yaml'], route: '/b2b/small', version: 'abc1234', changes: 2, shared: true, problems: 1, label: 'Heading' })]))
    expect(withDeveloperWords(said)).toEqual([])
    expect(said.deleted).toBe('Deleted /b2b/smes. The links to it in the header and footer went with it.')
    expect(said.brokenLinks).toBe(' Now 2 links need fixing, in the header and footer and /about: open each to see where.')
  })

  /** A publish stopped by how the project is set up: a developer's to fix, and each says to ask one. */
  const setUpByADeveloper: RefusalCode[] = ['NoAuthorName', 'NoAuthorEmail', 'DetachedHead', 'NotARepository', 'NotRepositoryRoot', 'NoCommits', 'ConflictOutsidePages', 'LocalChangesInTheWay', 'UnpublishedCommitsHere']

  it('what publishing says has no developer word, but where the project is set up wrong', () => {
    const said = Object.fromEntries(Object.entries(refusals).map(([code, sentence]) => [code, (sentence as (a: unknown) => string)(anything)]))
    expect(withDeveloperWords(said).map(([code]) => code)).toEqual(setUpByADeveloper.filter((code) => developerWords.test(said[code]!)))
    for (const code of setUpByADeveloper) expect(said[code]).toMatch(/developer|git|--author/)
    const published = { live: publishedSentence({ files: 2, target: 'origin/main', noRemote: false }), alone: publishedSentence({ files: 1, noRemote: true }), noUpstream: publishedSentence({ files: 1, noRemote: false }) }
    expect(withDeveloperWords(published)).toEqual([])
    expect(published.live).toBe('Published 2 files to the live site.')
    expect(moreChangesSentence([{ status: 'added', kind: 'page' }, { status: 'modified', kind: 'media' }])).not.toMatch(developerWords)
    expect(withDeveloperWords(Object.fromEntries(Object.entries(stateLabels).map(([state, { short, long }]) => [state, `${short} ${long}`])))).toEqual([])
  })

  /** Problems of code, schemas and the project's files: a developer meets them at a terminal, never from an author's page. */
  const developersProblems: ProblemCode[] = [
    'SchemaRefused', 'GeneratedStale', 'TypeCheckFailed', 'BlockRenderFailed', 'PageRenderFailed', 'BlockWithoutComponent', 'ComponentWithoutSchema',
    'BadMigrationDeclaration', 'NotAPageFile', 'MissingSiteFile', 'SharedNotAMapping',
    // A block written before a developer changed its kind: the studio's hint says to ask them.
    'OutdatedBlock',
  ]

  /** Problems of the text itself, which the YAML tab shows at their line (and the Form tab with a button to it): they may say "YAML". */
  const aboutTheText = (code: ProblemCode, text: string) => developerWords.test(text.replace(/\bYAML\b/g, '')) === false && /\bYAML\b/.test(text)

  it('every problem, as the studio says it, has no developer word, but those of code and of the text itself', () => {
    const codes = Object.keys(catalogue) as ProblemCode[]
    const said = Object.fromEntries(
      codes.map((code) => {
        const entry = catalogue[code] as { message: (a: unknown) => string; hint?: (a: unknown) => string | undefined }
        const { message, hint } = problemForAuthors({ code, message: entry.message(anything), hint: entry.hint?.(anything), args: anything as Record<string, unknown> })
        return [code, `${message} ${hint ?? ''}`]
      }),
    )
    const flagged = withDeveloperWords(said).filter(([code, text]) => !developersProblems.includes(code as ProblemCode) && !aboutTheText(code as ProblemCode, text))
    expect(flagged).toEqual([])
  })

  it("what the studio's screens say in their own words has no developer word, but where the exceptions below say why", () => {
    const flagged = studioSources()
      .flatMap((file) => sentencesIn(file).map((text) => ({ at: relative(projectRoot, file), text })))
      .filter(({ text }) => developerWords.test(text))
      .filter(({ at, text }) => !screenExceptions.some(([file, words]) => at === file && text.includes(words)))
    expect(flagged).toEqual([])
  })

  it("what the studio's server refuses in the author's words has no developer word, but where the exceptions below say why", () => {
    const flagged = sourcesUnder('src/studio/server', new Set())
      .flatMap((file) => refusalsIn(file).map((text) => ({ at: relative(projectRoot, file), text })))
      .filter(({ text }) => developerWords.test(text))
      .filter(({ at, text }) => !refusalExceptions.some(([file, words]) => at === file && text.includes(words)))
    expect(flagged).toEqual([])
  })
})

/**
 * Refusals that may name a developer's word, and why: each answers a request
 * no screen of the studio sends (a path made up by hand), so a developer or a
 * script meets it, never an author.
 */
const refusalExceptions: [file: string, words: string][] = [
  ['src/studio/server/project/page-files.ts', 'Say which file under pages/'],
  ['src/studio/server/project/page-files.ts', 'edits files under pages/ only'],
  ['src/studio/server/project/page-files.ts', 'is outside pages/'],
  ['src/studio/server/project/page-files.ts', 'is not a YAML file'],
  // A project set up wrong: it says to ask a developer, as publishing's own refusals of that kind do.
  ['src/studio/server/routes/publish-status.ts', 'ask a developer to set it up with git'],
]

/** Sentences on the studio's screens that may name a developer's word, and why. */
const screenExceptions: [file: string, words: string][] = [
  // Undo's tooltip names the two tabs it works across.
  ['src/studio/panels/undo-buttons.tsx', 'the form or the YAML'],
]

/** The studio's browser code: what its screens say. The server's sentences reach a screen through author-words.ts and publish-sentences.ts, tested above. */
function studioSources(): string[] {
  // publish-sentences.ts is tested above, with the refusals a developer's set-up causes.
  return sourcesUnder('src/studio', new Set(['server', 'team', 'publish-sentences.ts']))
}

function sourcesUnder(folder: string, skip: ReadonlySet<string>): string[] {
  const root = join(projectRoot, folder)
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      if (skip.has(name)) return []
      if (statSync(path).isDirectory()) return walk(path)
      return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
    })
  return walk(root)
}

/** Every text of three or more words in a file: string literals, template texts and JSX text (comments are not said to anyone). */
function sentencesIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const texts: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) texts.push(node.text)
    else if (ts.isTemplateExpression(node)) texts.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' … '))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return texts.map((t) => t.trim().replace(/\s+/g, ' ')).filter((t) => t.split(' ').length >= 3)
}

/** The first argument of every `new Refused(…)` in a file: what the server answers an author's request it will not do. */
function refusalsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const texts: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'Refused' && node.arguments?.[0]) {
      const said = node.arguments[0]
      if (ts.isStringLiteral(said) || ts.isNoSubstitutionTemplateLiteral(said)) texts.push(said.text)
      else if (ts.isTemplateExpression(said)) texts.push([said.head.text, ...said.templateSpans.map((s) => s.literal.text)].join(' … '))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return texts
}
