import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lastChanged } from '../../../../src/compiler/site/last-changed'

/** A real repository whose project sits in a folder of it, as a site inside a larger repository would. */
function repository() {
  const top = mkdtempSync(join(tmpdir(), 'last-changed-'))
  const root = join(top, 'site')
  mkdirSync(join(root, 'pages/b2b'), { recursive: true })
  const git = (args: string[], date?: string) =>
    execFileSync('git', ['-C', top, '-c', 'user.name=Author', '-c', 'user.email=a@example.com', ...args], { env: { ...process.env, ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}) } })
  git(['init', '-q'])
  return { top, root, git, file: (name: string) => join(root, 'pages', name) }
}

describe('when each page last changed (the sitemap\'s lastmod)', () => {
  const made: string[] = []
  afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it("is the last commit that touched the page's file, or the file's own time while it has changes not committed", () => {
    const repo = repository()
    made.push(repo.top)
    writeFileSync(repo.file('index.yaml'), 'a')
    writeFileSync(repo.file('b2b/smes.yaml'), 'a')
    repo.git(['add', '-A'])
    repo.git(['commit', '-qm', 'first'], '2026-01-10T12:00:00Z')
    writeFileSync(repo.file('b2b/smes.yaml'), 'b')
    repo.git(['commit', '-qam', 'second'], '2026-03-05T12:00:00Z')
    // An edit not committed yet, and a page not yet added.
    writeFileSync(repo.file('index.yaml'), 'c')
    writeFileSync(repo.file('new.yaml'), 'n')
    const edited = new Date('2026-04-01T08:00:00Z')
    utimesSync(repo.file('index.yaml'), edited, edited)
    utimesSync(repo.file('new.yaml'), edited, edited)
    const dates = lastChanged(repo.root, join(repo.root, 'pages'), ['index.yaml', 'b2b/smes.yaml', 'new.yaml'].map(repo.file))
    expect(dates.get(repo.file('b2b/smes.yaml'))?.toISOString()).toBe('2026-03-05T12:00:00.000Z')
    expect(dates.get(repo.file('index.yaml'))?.toISOString()).toBe(edited.toISOString())
    expect(dates.get(repo.file('new.yaml'))?.toISOString()).toBe(edited.toISOString())
  })

  it("is the file's own time in a project that is not a git repository", () => {
    const root = mkdtempSync(join(tmpdir(), 'last-changed-plain-'))
    made.push(root)
    mkdirSync(join(root, 'pages'))
    const file = join(root, 'pages/index.yaml')
    writeFileSync(file, 'a')
    const when = new Date('2025-12-24T10:00:00Z')
    utimesSync(file, when, when)
    expect(lastChanged(root, join(root, 'pages'), [file]).get(file)?.toISOString()).toBe(when.toISOString())
  })
})
