import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildSite } from '../../../../src/compiler/bundle/build-site'
import { formatProblems, PageProblemsError } from '../../../../src/compiler/problems/problems'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { projectRoot } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * Files the author did not mean to publish: a symbolic link under pages/ or
 * public/ is followed only when it stays inside that folder. Any other link
 * is a located problem; what it points to is never read, printed or copied
 * into dist/.
 */
const mini = (name: string) => readFileSync(join(projectRoot, 'tests/fixtures/mini-site', name), 'utf8')
const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

// A file outside the project with a recognisable secret, standing in for /etc/passwd.
function outsideSecret(): string {
  const outside = tempProject({ 'secret.txt': 'root:x:0:0:SECRET-LINE:/root:/bin/sh\n', 'secret.yaml': 'title: SECRET-TITLE\n' }, { copyPages: false })
  cleanups.push(outside.remove)
  return outside.root
}

function project(links: Record<string, string>, files: Record<string, string> = {}) {
  const made = tempProject({ 'pages/_site.yaml': mini('_site.yaml'), 'pages/index.yaml': mini('index.yaml'), ...files }, { copyPages: false, copy: ['public'] })
  cleanups.push(made.remove)
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(join(made.root, path, '..'), { recursive: true })
    symlinkSync(target, join(made.root, path))
  }
  return made.root
}

const located = (root: string) => {
  const { problems } = loadSite(projectPaths(root))
  return { list: problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`), text: formatProblems(problems) }
}

describe('links out of pages/ and public/', () => {
  it('a public file linked to a file outside is a problem, and the build publishes nothing', async () => {
    const secret = outsideSecret()
    const root = project({ 'public/media/leak.txt': join(secret, 'secret.txt'), 'public/media/etc': secret })
    const { list, text } = located(root)
    expect(list).toEqual(['public/media/etc:1:1 LinkLeavesFolder', 'public/media/leak.txt:1:1 LinkLeavesFolder'])
    expect(text).not.toContain('SECRET')
    expect(text).not.toContain(secret)
    const error = await buildSite({ root, logLevel: 'silent' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PageProblemsError)
    expect(existsSync(join(root, 'dist'))).toBe(false)
  }, 60_000)

  it('a page linked to a file outside is neither read nor echoed; pages/etc -> a folder outside is not walked', () => {
    const secret = outsideSecret()
    const root = project({ 'pages/p.yaml': join(secret, 'secret.txt'), 'pages/q.yaml': join(secret, 'secret.yaml'), 'pages/etc': secret })
    const { list, text } = located(root)
    expect(list).toEqual(['pages/etc:1:1 LinkLeavesFolder', 'pages/p.yaml:1:1 LinkLeavesFolder', 'pages/q.yaml:1:1 LinkLeavesFolder'])
    expect(text).not.toContain('SECRET')
    expect(loadSite(projectPaths(root)).routes.has('/p')).toBe(false)
  })

  it('a loop and a dangling link are located problems, not ELOOP or ENOENT stacks', () => {
    const root = project({ 'pages/loop': 'loop', 'pages/again': '.', 'pages/gone.yaml': 'nowhere.yaml', 'public/media/gone.webp': 'nowhere.webp' })
    expect(located(root).list).toEqual([
      'pages/again:1:1 LinkLoop',
      'pages/gone.yaml:1:1 DanglingLink',
      'pages/loop:1:1 LinkLoop',
      'public/media/gone.webp:1:1 DanglingLink',
    ])
  })

  it('links that stay inside their folder are followed; other links into the project are not', () => {
    const root = project({ 'pages/copy.yaml': 'other.yaml', 'public/media/alias': 'img', 'public/env': '../package.json', 'pages/src': '../src' }, { 'pages/other.yaml': 'title: Other\ndescription: Another page.\nblocks:\n  - type: intro\n    title: Hi\n' })
    const loaded = loadSite(projectPaths(root))
    // The copy is a second route with the same title: that is the page rule's to report, not the link's.
    // A link to another part of the project is still refused: public/env could publish .env.
    expect(loaded.problems.map((p) => `${p.file} ${p.code}`)).toEqual(['pages/src LinkLeavesFolder', 'public/env LinkLeavesFolder', 'pages/other.yaml SameAsOtherPage', 'pages/other.yaml SameAsOtherPage'])
    expect(loaded.routes.has('/copy')).toBe(true)
    const alias = readdirSync(join(root, 'public/media/img'))[0]!
    expect(loadSite(projectPaths(root)).routes.size).toBe(3)
    expect(existsSync(join(root, 'public/media/alias', alias))).toBe(true)
    writeFileSync(join(root, 'pages/pic.yaml'), `title: Pic\ndescription: A picture through a link.\nblocks:\n  - type: media-text\n    heading: Pictures\n    image:\n      src: /media/alias/${alias}\n      alt: A picture\n`)
    expect(loadSite(projectPaths(root)).problems.map((p) => p.code)).toEqual(['LinkLeavesFolder', 'LinkLeavesFolder', 'SameAsOtherPage', 'SameAsOtherPage'])
  })
})
