import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chmodSync, existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { formatOutcome, publish, publishStatus, type PublishOptions } from '../../../../src/studio/server/publish'
import { describedAtMost } from '../../../../src/studio/shared/publish-types'
import { moreChangesSentence } from '../../../../src/studio/shared/publish-sentences'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { PageProblemsError, formatProblem } from '../../../../src/compiler/problems/problems'
import { git, gitText } from '../../../../src/studio/server/git/run'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mini, projectRoot } from '../../../support/fixture-targets'
import { ada, commitAll, isolateGit, page, pushFromOther, read, reposTemplate, snapshot, write, type Repos } from '../../../support/git-repos'

/**
 * Publishing against real repositories. Only the first test builds the
 * site (a few seconds); the others prove their own step with the checks of
 * the build run on the exact tree to be published.
 */
beforeAll(isolateGit)
const made: Repos[] = []
afterEach(() => made.splice(0).forEach((r) => r.remove()))
const template = reposTemplate()
afterAll(template.remove)

async function repos(options?: { remote?: boolean }): Promise<Repos> {
  const r = await template.copy(options)
  made.push(r)
  return r
}

async function checkTree(dir: string): Promise<void> {
  const { problems } = loadSite(projectPaths(dir))
  if (problems.length) throw new PageProblemsError(problems)
}

const quick = (options: PublishOptions): PublishOptions => ({ build: checkTree, ...options })
const remoteTip = (r: Repos) => gitText(r.root, ['ls-remote', r.remote, 'refs/heads/main']).then((line) => line.split('\t')[0])
const filesOf = async (root: string, commit: string) => (await gitText(root, ['diff-tree', '--no-commit-id', '--name-only', '-r', '-m', '--first-parent', commit])).split('\n')

describe('publish', () => {
  it('commits only the changed pages and media with the message and author, builds the site, pushes, and leaves other work alone', async () => {
    const r = await repos()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Hello there'))
    write(r.root, 'pages/new.yaml', page('New'))
    write(r.root, 'public/media/img/dot.webp', new Uint8Array([1, 2, 3]))
    write(r.root, 'README.md', 'A test project, being rewritten.\n')
    write(r.root, 'notes.txt', 'mine\n')
    await git(r.root, ['add', 'README.md'])

    const status = await publishStatus(r.root)
    expect(status.changes.map((c) => [c.path, c.status, c.kind])).toEqual([
      ['pages/about.yaml', 'modified', 'page'],
      ['pages/new.yaml', 'added', 'page'],
      ['public/media/img/dot.webp', 'added', 'media'],
    ])
    expect(status.changes[0]!.lines).toEqual([{ kind: 'changed', label: 'Block 1 (intro) › title', before: 'Hello', after: 'Hello there' }])
    expect(status.changes[2]!.bytes).toBe(3)
    expect(status.others).toEqual(['README.md', 'notes.txt'])

    const steps: string[] = []
    const told: string[] = []
    const outcome = await publish(r.root, { message: '  About: a warmer greeting  ', onStep: (s, progress) => (progress ? told.push(`${s} ${progress.phase} ${progress.done}/${progress.total}`) : steps.push(s)) })
    expect(outcome).toMatchObject({ kind: 'published', pushed: true, remote: 'origin/main', others: ['README.md', 'notes.txt'], message: 'Published 3 files to the live site.' })
    if (outcome.kind !== 'published') return
    expect(steps).toEqual(['checking', 'fetching', 'committing', 'building', 'pushing'])
    // Steps that go through the pages say how far they are, each phase from none to all of its pages.
    for (const [step, phase] of [['checking', 'read'], ['checking', 'check'], ['building', 'read'], ['building', 'prerender']]) {
      const counts = told.filter((line) => line.startsWith(`${step} ${phase} `)).map((line) => line.split(' ')[2]!)
      expect(counts[0], `${step} ${phase}`).toMatch(/^0\/[1-9]\d*$/)
      const [done, total] = counts.at(-1)!.split('/').map(Number)
      expect(done, `${step} ${phase} ends with every page done`).toBe(total)
    }
    expect(await remoteTip(r)).toBe(outcome.commit)
    expect(await gitText(r.root, ['rev-parse', 'HEAD'])).toBe(outcome.commit)
    expect(await gitText(r.root, ['log', '-1', '--format=%an <%ae>|%cn|%s', outcome.commit])).toBe('Ada Author <ada@example.com>|Ada Author|About: a warmer greeting')
    expect(await filesOf(r.root, outcome.commit)).toEqual(['pages/about.yaml', 'pages/new.yaml', 'public/media/img/dot.webp'])
    // The README stays staged and changed, notes.txt untracked; pages and media are clean.
    expect(await gitText(r.root, ['status', '--porcelain'])).toBe('M  README.md\n?? notes.txt')
    expect((await publishStatus(r.root)).changes).toEqual([])
  }, 60_000)

  it('describes the first changes line by line and counts the rest, which it neither reads nor compares', async () => {
    const r = await repos()
    // A changed page (first in path order), more new pages than are described, and a new picture, last.
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Hello there'))
    const extra = describedAtMost + 5
    for (let i = 0; i < extra; i++) write(r.root, `pages/gen/p${String(i).padStart(4, '0')}.yaml`, page(`Page ${i}`))
    write(r.root, 'public/media/img/zz.webp', new Uint8Array([1, 2, 3]))
    const { changes } = await publishStatus(r.root)
    expect(changes).toHaveLength(extra + 2)
    expect(changes[0]!.lines).toEqual([{ kind: 'changed', label: 'Block 1 (intro) › title', before: 'Hello', after: 'Hello there' }])
    expect(changes.slice(0, describedAtMost).every((c) => c.lines?.length)).toBe(true)
    expect(changes.slice(describedAtMost).map((c) => [c.path.replace(/\d+/, 'N'), c.kind, c.status, c.lines?.length])).toEqual([
      ...Array.from({ length: 6 }, () => ['pages/gen/pN.yaml', 'page', 'added', undefined]),
      ['public/media/img/zz.webp', 'media', 'added', 0],
    ])
    expect(moreChangesSentence(changes.slice(describedAtMost))).toBe('And 7 more: 6 new pages and 1 new picture or video.')
    expect(moreChangesSentence([{ status: 'modified', kind: 'page' }, { status: 'deleted', kind: 'media' }, { status: 'deleted', kind: 'media' }])).toBe('And 3 more: 1 changed page and 2 deleted pictures or videos.')
  })

  it('stops at a page with problems, located, and commits nothing', async () => {
    const r = await repos()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'titel: Hello'))
    const before = await snapshot(r)
    const outcome = await publish(r.root, quick({ message: 'Typo' }))
    expect(outcome.kind).toBe('problems')
    if (outcome.kind !== 'problems') return
    expect(outcome.problems.map((p) => formatProblem(p).split('\n')[0]!.replace(/ {2}.*/, ''))).toContain('pages/about.yaml:5:5')
    expect(await snapshot(r)).toBe(before)
  })

  it('stops at a script or a web page in public/, located, and commits nothing', async () => {
    const r = await repos()
    write(r.root, 'public/offer.html', '<!doctype html><script src="/offer.js"></script>\n')
    write(r.root, 'public/offer.js', 'alert(document.cookie)\n')
    const before = await snapshot(r)
    const outcome = await publish(r.root, quick({ message: 'An offer' }))
    expect(outcome.kind).toBe('problems')
    if (outcome.kind !== 'problems') return
    expect(outcome.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`).sort()).toEqual(['public/offer.html:1:1 CodeInPublic', 'public/offer.js:1:1 CodeInPublic'])
    expect(await snapshot(r)).toBe(before)
  })

  it('takes the remote\'s change to another page first, then publishes both', async () => {
    const r = await repos()
    const theirs = await pushFromOther(r, { 'pages/team.yaml': page('Team').replace('title: Hello', 'title: Our team') }, 'Team greeting')
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: About us'))
    // Their change is theirs, not something this author would publish (or undo).
    const status = await publishStatus(r.root, { fetch: true })
    expect([status.ahead, status.behind, status.changes.map((c) => c.path)]).toEqual([0, 1, ['pages/about.yaml']])
    const steps: string[] = []
    const outcome = await publish(r.root, quick({ message: 'About greeting', onStep: (s) => steps.push(s) }))
    expect(outcome).toMatchObject({ kind: 'published', files: ['pages/about.yaml'] })
    if (outcome.kind !== 'published') return
    expect(steps).toContain('merging')
    expect(await remoteTip(r)).toBe(outcome.commit)
    expect((await gitText(r.root, ['rev-list', '--parents', '-n1', outcome.commit])).split(' ')[2]).toBe(theirs)
    expect(read(r.root, 'pages/team.yaml')).toContain('title: Our team')
    expect(await gitText(r.root, ['status', '--porcelain'])).toBe('')
  })

  it('merges a page both changed, field by field: a colleague\'s rewrite of a field this author never touched goes live beside this author\'s', async () => {
    const r = await repos()
    await pushFromOther(r, { 'pages/about.yaml': page('About').replace('description: About About.', 'description: Who we are, rewritten by Bob.') }, 'Bob rewrites the description')
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Hello from Ada'))
    const outcome = await publish(r.root, quick({ message: 'Ada greets' }))
    expect(outcome).toMatchObject({ kind: 'published', files: ['pages/about.yaml'] })
    const live = await gitText(r.root, ['show', 'origin/main:pages/about.yaml'])
    expect(live).toContain('description: Who we are, rewritten by Bob.')
    expect(live).toContain('title: Hello from Ada')
    // The author's file now holds both, and git sees nothing left to publish.
    expect(read(r.root, 'pages/about.yaml').trimEnd()).toBe(live.trimEnd())
    expect(await gitText(r.root, ['status', '--porcelain'])).toBe('')
  })

  it('shows a page changed on both sides in page terms, changes nothing, and publishes the version chosen', async () => {
    const r = await repos()
    await pushFromOther(r, { 'pages/about.yaml': page('About').replace('title: Hello', 'title: Theirs') }, 'Their greeting')
    await git(r.root, ['fetch', '-q'])
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Mine'))
    const before = await snapshot(r)
    const outcome = await publish(r.root, quick({ message: 'My greeting' }))
    expect(outcome.kind).toBe('conflict')
    if (outcome.kind !== 'conflict') return
    expect(outcome.pages).toMatchObject([
      {
        path: 'pages/about.yaml',
        route: '/about',
        theirsBy: 'Bob Other',
        mineChanges: [{ kind: 'changed', label: 'Block 1 (intro) › title', before: 'Hello', after: 'Mine' }],
        theirsChanges: [{ kind: 'changed', label: 'Block 1 (intro) › title', before: 'Hello', after: 'Theirs' }],
        fields: [{ key: '["blocks",0,"title"]', label: 'Block 1 (intro) › title', mine: 'Mine', theirs: 'Theirs' }],
      },
    ])
    expect(outcome.pages[0]!.theirs).toContain('title: Theirs')
    expect(await snapshot(r)).toBe(before)

    // Chosen field by field, as the studio offers it.
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Mine').replace('description: About About.', 'description: Mine too.'))
    const byField = await publish(r.root, quick({ message: 'My greeting, their title', fieldChoices: { 'pages/about.yaml': { '["blocks",0,"title"]': 'theirs' } } }))
    expect(byField).toMatchObject({ kind: 'published' })
    expect(read(r.root, 'pages/about.yaml')).toBe(page('About').replace('title: Hello', 'title: Theirs').replace('description: About About.', 'description: Mine too.'))
    await pushFromOther(r, { 'pages/about.yaml': page('About').replace('title: Hello', 'title: Theirs again') }, 'Their greeting again')
    await git(r.root, ['fetch', '-q'])
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Mine'))

    const chosen = await publish(r.root, quick({ message: 'My greeting', choices: { 'pages/about.yaml': 'theirs' } }))
    expect(chosen).toMatchObject({ kind: 'published' })
    expect(read(r.root, 'pages/about.yaml')).toContain('title: Theirs')
    expect(await gitText(r.root, ['status', '--porcelain'])).toBe('')
  })

  it('offers a page the remote deleted and this author changed as a choice, and keeps "mine"', async () => {
    const r = await repos()
    await pushFromOther(r, { 'pages/about.yaml': null }, 'No more about page')
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Still here'))
    const outcome = await publish(r.root, quick({ message: 'Keep about' }))
    expect(outcome).toMatchObject({ kind: 'conflict', pages: [{ path: 'pages/about.yaml', theirs: null, theirsChanges: [{ kind: 'removed', label: 'title' }, { kind: 'removed', label: 'description' }, { kind: 'removed', label: 'Block 1 (intro)' }] }] })
    if (outcome.kind === 'conflict') expect(formatOutcome(outcome)).toContain('  Theirs: deleted the page\n\nNothing was changed. Choose which version to keep of each page: publish again with --mine pages/about.yaml (or --theirs)')
    const kept = await publish(r.root, quick({ message: 'Keep about', choices: { 'pages/about.yaml': 'mine' } }))
    expect(kept).toMatchObject({ kind: 'published' })
    expect(await gitText(r.root, ['show', 'origin/main:pages/about.yaml'])).toContain('title: Still here')
  })

  it('keeps what the author typed while it published: the file on disk is not rewritten', async () => {
    const r = await repos()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Published'))
    const typed = page('About').replace('title: Hello', 'title: Typed meanwhile')
    const outcome = await publish(r.root, quick({ message: 'Published', onStep: (s) => s === 'building' && write(r.root, 'pages/about.yaml', typed) }))
    expect(outcome).toMatchObject({ kind: 'published' })
    expect(await gitText(r.root, ['show', 'HEAD:pages/about.yaml'])).toContain('title: Published')
    expect(read(r.root, 'pages/about.yaml')).toBe(typed)
    expect(await gitText(r.root, ['status', '--porcelain'])).toBe(' M pages/about.yaml')
  })

  it('publishes to publish.remote / publish.branch when set, creating the branch there', async () => {
    const r = await repos()
    await git(r.root, ['config', 'publish.branch', 'live'])
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Live'))
    const outcome = await publish(r.root, quick({ message: 'First to live' }))
    expect(outcome).toMatchObject({ kind: 'published', remote: 'origin/live', message: 'Published 1 file to the live site.' })
    expect(await gitText(r.root, ['ls-remote', r.remote, 'refs/heads/live'])).toMatch(/^[0-9a-f]{40}\trefs\/heads\/live$/)
    expect((await publishStatus(r.root)).upstream).toEqual({ remote: 'origin', branch: 'live' })
  })

  it('builds what will be pushed, not only the working tree: a link to a page the remote deleted stops it', async () => {
    const r = await repos()
    await pushFromOther(r, { 'pages/team.yaml': null }, 'No more team page')
    write(r.root, 'pages/_site.yaml', mini('_site.yaml').replace('        - label: Home\n          href: /\n', '        - label: Home\n          href: /\n        - label: Team\n          href: /team\n'))
    expect(loadSite(projectPaths(r.root)).problems).toEqual([])
    const before = await snapshot(r)
    const outcome = await publish(r.root, quick({ message: 'Link to the team' }))
    expect(outcome.kind).toBe('problems')
    if (outcome.kind === 'problems') expect(outcome.problems.map((p) => `${p.file}:${p.code}`)).toEqual(['pages/_site.yaml:BrokenLink'])
    expect(await snapshot(r)).toBe(before)
  })

  it('commits locally when there is no remote, says so, and keeps the author given in the repository', async () => {
    const r = await repos({ remote: false })
    await git(r.root, ['config', '--unset', 'user.name'])
    await git(r.root, ['config', '--unset', 'user.email'])
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Local'))
    rmSync(join(r.root, 'pages/team.yaml'))
    const outcome = await publish(r.root, quick({ message: 'Local only', author: { name: 'Cy New', email: 'cy@example.com' } }))
    expect(outcome).toMatchObject({ kind: 'published', pushed: false, files: ['pages/about.yaml', 'pages/team.yaml'] })
    if (outcome.kind !== 'published') return
    expect(outcome.message).toBe('Kept a version of 2 files here: this copy is not connected to the live site, so nothing went live.')
    expect(await gitText(r.root, ['config', '--local', 'user.name'])).toBe('Cy New')
    expect(await gitText(r.root, ['log', '-1', '--format=%an <%ae>'])).toBe('Cy New <cy@example.com>')
    expect(await gitText(r.root, ['status', '--porcelain'])).toBe('')
    expect(existsSync(join(r.root, 'pages/team.yaml'))).toBe(false)
  })
})

describe('publish in the team studio', () => {
  it('names who wrote the pages: the commit\'s author wrote most of them, the others are Co-authored-by lines, the editor who published is the committer; nothing goes into git config', async () => {
    const r = await repos()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Hello from Ana'))
    write(r.root, 'pages/new.yaml', page('New'))
    write(r.root, 'pages/team.yaml', page('Team').replace('title: Hello', 'title: Hello from Bo'))
    const ana = { name: 'Ana Author', email: 'ana@example.org' }
    const bo = { name: 'Bo Writer', email: 'bo@example.org' }
    const eve = { name: 'Eve Editor', email: 'eve@example.org' }
    const asked: string[][] = []
    const outcome = await publish(r.root, quick({ message: 'Words from the team', signedIn: eve, writersOf: (files) => (asked.push([...files]), [ana, bo]) }))
    expect(outcome).toMatchObject({ kind: 'published' })
    expect(asked).toEqual([['pages/about.yaml', 'pages/new.yaml', 'pages/team.yaml']])
    const [who, committer, message] = (await gitText(r.root, ['log', '-1', '--format=%an <%ae>%x00%cn <%ce>%x00%B', 'HEAD'])).split('\0')
    expect(who).toBe('Ana Author <ana@example.org>')
    expect(committer).toBe('Eve Editor <eve@example.org>')
    expect(message!.trim()).toBe('Words from the team\n\nCo-authored-by: Bo Writer <bo@example.org>')
    expect(await git(r.root, ['config', 'user.name']).then((c) => c.stdout.trim())).toBe(ada.name)
  })
})

describe('publish refuses bad input with one sentence and changes nothing', () => {
  async function refusal(r: Repos, options: PublishOptions & { root?: string }): Promise<string> {
    const before = await snapshot(r)
    const outcome = await publish(options.root ?? r.root, quick(options))
    expect(outcome.kind).toBe('refused')
    expect(await snapshot(r)).toBe(before)
    return outcome.kind === 'refused' ? `${outcome.code}: ${outcome.reason}` : ''
  }
  const edit = (r: Repos) => write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Edited'))

  it('with no changes', async () => {
    const r = await repos()
    expect(await refusal(r, { message: 'Nothing' })).toBe('NothingToPublish: There is nothing to publish: no page or media file has changed since the last publish.')
  })

  it('with an empty message', async () => {
    const r = await repos()
    edit(r)
    expect(await refusal(r, { message: ' \n ' })).toMatch(/^EmptyMessage: /)
  })

  it('with no author name', async () => {
    const r = await repos()
    edit(r)
    await git(r.root, ['config', '--unset', 'user.name'])
    expect(await refusal(r, { message: 'Who?' })).toMatch(/^NoAuthorName: Say who is publishing/)
    expect(await refusal(r, { message: 'Who?', author: { name: ' ', email: ada.email } })).toMatch(/^NoAuthorName: /)
  })

  it('on a detached HEAD', async () => {
    const r = await repos()
    await git(r.root, ['checkout', '-q', '--detach'])
    edit(r)
    expect(await refusal(r, { message: 'Detached' })).toMatch(/^DetachedHead: /)
  })

  it('when the remote refuses the push', async () => {
    const r = await repos()
    const hook = join(r.remote, 'hooks/pre-receive')
    write(r.remote, 'hooks/pre-receive', '#!/bin/sh\necho "Publishing is paused for the release."\nexit 1\n')
    chmodSync(hook, 0o755)
    edit(r)
    const said = await refusal(r, { message: 'Refused' })
    expect(said).toMatch(/^PushRefused: The live site refused the publish, so nothing was kept here either \(it said: Publishing is paused for the release\. .*pre-receive hook declined/)
  })

  it('when the remote cannot be reached', async () => {
    const r = await repos()
    await git(r.root, ['remote', 'set-url', 'origin', join(r.remote, '..', 'gone.git')])
    edit(r)
    expect((await publishStatus(r.root, { fetch: true })).offline).toMatch(/gone\.git' does not appear to be a git repository/)
    expect(await refusal(r, { message: 'Offline' })).toMatch(/^RemoteUnreachable: Could not reach the live site, so nothing was published \(the connection said: .*gone\.git/)

    // Fetching works, pushing cannot reach its address.
    await git(r.root, ['remote', 'set-url', 'origin', r.remote])
    await git(r.root, ['remote', 'set-url', '--push', 'origin', join(r.remote, '..', 'gone.git')])
    expect(await refusal(r, { message: 'Offline' })).toMatch(/^RemoteUnreachable: Could not reach the live site, so nothing was published \(the connection said: .*gone\.git/)
  })

  it('on a merge conflict outside pages/', async () => {
    const r = await repos()
    await pushFromOther(r, { 'README.md': 'Theirs.\n' }, 'Their readme')
    write(r.root, 'README.md', 'Mine.\n')
    await commitAll(r.root, 'My readme')
    edit(r)
    expect(await refusal(r, { message: 'Conflict' })).toMatch(/^ConflictOutsidePages: The remote changed README.md where this copy did too, outside pages\//)
  })

  it('outside a repository, or inside one below its top folder', async () => {
    const r = await repos()
    edit(r)
    expect(await refusal(r, { message: 'Below', root: join(r.root, 'pages') })).toMatch(/^NotRepositoryRoot: The project sits in pages\/ of a larger git repository/)
    rmSync(join(r.root, '.git'), { recursive: true })
    const outcome = await publish(r.root, { message: 'No git' })
    expect(outcome).toMatchObject({ kind: 'refused', code: 'NotARepository' })
  })

  it('when the remote changed a file with uncommitted changes here', async () => {
    const r = await repos()
    await pushFromOther(r, { 'README.md': 'Theirs.\n' }, 'Their readme')
    write(r.root, 'README.md', 'Mine, not committed.\n')
    edit(r)
    expect(await refusal(r, { message: 'In the way' })).toMatch(/^LocalChangesInTheWay: The live site changed README.md, which also has/)
  })
})

describe('npm run publish', () => {
  it('lists the changes in page terms, prints problems as file:line:col, and exits 1', async () => {
    const r = await repos()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'titel: Hello'))
    const run = promisify(execFile)(join(projectRoot, 'node_modules/.bin/tsx'), [join(projectRoot, 'scripts/publish.ts'), '--root', r.root, '--message', 'Typo'])
    const failed = (await run.then(() => undefined, (error: unknown) => error)) as { code: number; stdout: string; stderr: string }
    expect(failed.code).toBe(1)
    expect(failed.stdout).toContain('modified pages/about.yaml  (/about)\n    added Block 1 (intro) › titel\n      now: Hello\n    removed Block 1 (intro) › title\n      was: Hello')
    expect(failed.stdout).toContain('Checking every page…')
    expect(failed.stderr).toMatch(/^pages\/about\.yaml:5:5 {2}\S/m)
    expect(failed.stderr).toContain('Nothing was committed: fix these, then publish again.')
  }, 30_000)
})
