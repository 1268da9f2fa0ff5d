/**
 * Changes against real repositories: submitted, commented, sent back,
 * fixed, approved and published as one commit; merged field by field with
 * what went live meanwhile; and every bad input a sentence that changes
 * nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadSite, projectPaths } from '../../../../src/compiler/index'
import { PageProblemsError } from '../../../../src/compiler/problems/problems'
import { changeBranch, Changes, type Actor } from '../../../../src/studio/server/changes/changes'
import { publish, publishStatus } from '../../../../src/studio/server/publish'
import { git, gitText } from '../../../../src/studio/server/git/run'
import { ada, bob, isolateGit, page, pushFromOther, read, reposTemplate, snapshot, write, type Repos } from '../../../support/git-repos'

beforeAll(isolateGit)
const made: { repos: Repos; changes: Changes }[] = []
afterEach(() => made.splice(0).forEach(({ repos, changes }) => (changes.close(), repos.remove())))
const template = reposTemplate()
afterAll(template.remove)

const author: Actor = { ...ada, editor: false }
const other: Actor = { name: 'Cy Colleague', email: 'cy@example.com', editor: false }
const editor: Actor = { name: 'Eve Editor', email: 'eve@example.com', editor: true }

async function setUp(): Promise<{ r: Repos; changes: Changes }> {
  const r = await template.copy()
  const changes = new Changes(r.root)
  made.push({ repos: r, changes })
  return { r, changes }
}

async function checkTree(dir: string): Promise<void> {
  const { problems } = loadSite(projectPaths(dir))
  if (problems.length) throw new PageProblemsError(problems)
}
const publishAs = (changes: Changes, by: Actor, id: number) => changes.publish(by, id, { build: checkTree, signedIn: by })
/** A file's exact text at a revision (gitText trims the last line break). */
const textAt = async (repo: string, revision: string, path: string) => (await git(repo, ['show', `${revision}:${path}`])).stdout
const liveText = (r: Repos, path: string) => textAt(r.remote, 'main', path)
const refusal = async (work: () => unknown) => {
  try {
    await work()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a refusal')
}

describe('a change from submitted to live', () => {
  it('is submitted, commented, sent back, fixed, approved and published as one commit by its author, with the editor as committer', async () => {
    const { r, changes } = await setUp()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: About our panels'))
    write(r.root, 'pages/new.yaml', page('New'))
    const before = await gitText(r.root, ['rev-parse', 'HEAD'])
    const submitted = await changes.submit(author, { title: 'A new page and a clearer About' })
    expect(submitted).toMatchObject({ state: 'in-review', author: ada, files: ['pages/about.yaml', 'pages/new.yaml'], base: before })
    // Kept on its own branch; the working tree, the index and HEAD are as they were.
    expect(await gitText(r.root, ['rev-parse', changeBranch(submitted.id)])).toBe(submitted.tip)
    expect(await textAt(r.root, submitted.tip, 'pages/new.yaml')).toBe(page('New'))
    expect(await gitText(r.root, ['rev-parse', 'HEAD'])).toBe(before)
    expect((await publishStatus(r.root)).changes.map((c) => c.path)).toEqual(['pages/about.yaml', 'pages/new.yaml'])

    const [view] = await changes.list()
    expect(view!.diff.find((d) => d.path === 'pages/about.yaml')!.lines).toEqual([{ kind: 'changed', label: 'Block 1 (intro) › title', before: 'Hello', after: 'About our panels' }])
    expect(view!.editedSince).toEqual([])

    expect(await refusal(() => changes.review(author, submitted.id, 'approve'))).toBe('Only an editor reviews changes.')
    expect(await refusal(() => changes.review(editor, submitted.id, 'request-changes'))).toBe('Say what should change: asking for changes needs a comment.')
    changes.review(editor, submitted.id, 'request-changes', 'Say "our" panels in the title, please.')
    expect(changes.store.get(submitted.id)).toMatchObject({ state: 'changes-requested', comments: [{ by: { name: 'Eve Editor' }, text: 'Say "our" panels in the title, please.' }] })
    expect(await refusal(() => publishAs(changes, editor, submitted.id))).toBe('Only an approved change is published; this one is changes requested.')

    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: About our own panels'))
    expect((await changes.list())[0]!.editedSince).toEqual(['pages/about.yaml'])
    expect(await refusal(() => changes.update(other, submitted.id))).toBe('Only Ada Author, who submitted this change, or an editor can update it.')
    const fixed = await changes.update(author, submitted.id)
    expect(fixed).toMatchObject({ state: 'in-review' })
    expect(await gitText(r.root, ['show', `${fixed.tip}:pages/about.yaml`])).toContain('title: About our own panels')
    expect(await refusal(() => changes.update(author, submitted.id))).toBe('Nothing changed since this change was last submitted: save your edits to its pages first.')

    changes.review(editor, submitted.id, 'approve')
    const outcome = await publishAs(changes, editor, submitted.id)
    expect(outcome).toMatchObject({ kind: 'published', files: ['pages/about.yaml', 'pages/new.yaml'], message: 'Published 2 files to the live site.' })
    const live = await gitText(r.remote, ['log', '-1', '--format=%an <%ae>|%cn <%ce>|%s|%P', 'main'])
    expect(live).toBe(`Ada Author <ada@example.com>|Eve Editor <eve@example.com>|A new page and a clearer About|${before}`)
    expect(await liveText(r, 'pages/about.yaml')).toContain('title: About our own panels')
    expect(await liveText(r, 'pages/new.yaml')).toBe(page('New'))
    expect(await gitText(r.root, ['rev-parse', 'HEAD'])).toBe(await gitText(r.remote, ['rev-parse', 'main']))
    expect((await publishStatus(r.root)).changes).toEqual([])
    const done = changes.store.get(submitted.id)!
    expect(done.state).toBe('published')
    expect(done.events.map((e) => `${e.by.name} ${e.did}`)).toEqual(['Ada Author submitted it', 'Eve Editor asked for changes', 'Ada Author made the changes asked for', 'Eve Editor approved it', 'Eve Editor published it'])
    // A second editor's publish of the same change, and a comment on it now: sentences, nothing lost.
    expect(await refusal(() => publishAs(changes, editor, submitted.id))).toMatch(/^This change was already published by Eve Editor, .* UTC; nothing was done\.$/)
    const late = changes.comment(other, submitted.id, 'Lovely!')
    expect(late.note).toMatch(/^This change was published by Eve Editor, .* UTC; your comment is kept with it\.$/)
    expect(late.change.comments.map((c) => c.text)).toEqual(['Say "our" panels in the title, please.', 'Lovely!'])
  })

  it("takes in a colleague's publish since it began, field by field: both fields go live", async () => {
    const { r, changes } = await setUp()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Ada greets'))
    const change = await changes.submit(author, { title: 'Friendlier About' })
    await pushFromOther(r, { 'pages/about.yaml': page('About').replace('description: About About.', 'description: Rewritten by Bob.') }, 'Bob rewrites the description')
    changes.review(editor, change.id, 'approve')
    expect(await publishAs(changes, editor, change.id)).toMatchObject({ kind: 'published' })
    const live = await liveText(r, 'pages/about.yaml')
    expect(live).toContain('title: Ada greets')
    expect(live).toContain('description: Rewritten by Bob.')
    expect(read(r.root, 'pages/about.yaml')).toBe(live)
  })

  it('a file edited again after approval keeps its newer words on disk, unpublished; what was reviewed goes live', async () => {
    const { r, changes } = await setUp()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Reviewed'))
    const change = await changes.submit(author, { title: 'Reviewed title' })
    changes.review(editor, change.id, 'approve')
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Typed since'))
    expect(await publishAs(changes, editor, change.id)).toMatchObject({ kind: 'published' })
    expect(await liveText(r, 'pages/about.yaml')).toContain('title: Reviewed')
    expect(read(r.root, 'pages/about.yaml')).toContain('title: Typed since')
    expect((await publishStatus(r.root)).changes[0]!.lines).toEqual([{ kind: 'changed', label: 'Block 1 (intro) › title', before: 'Reviewed', after: 'Typed since' }])
  })
})

describe('publishing the saved work leaves files in a change under review to that change', () => {
  it('publishes the rest, and says so when everything saved is in a change', async () => {
    const { r, changes } = await setUp()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: In review'))
    await changes.submit(author, { title: 'In review' })
    const before = await snapshot(r)
    expect(await publish(r.root, { message: 'Around the review', build: checkTree, leaveOut: changes.heldFiles() })).toMatchObject({
      kind: 'refused',
      code: 'AllInChanges',
      reason: 'Everything saved (1 file) is in a change under review: it goes live when an editor publishes that change, from Changes. Nothing was published.',
    })
    expect(await snapshot(r)).toBe(before)
    write(r.root, 'pages/team.yaml', page('Team').replace('title: Hello', 'title: Not in review'))
    expect(await publish(r.root, { message: 'Team only', build: checkTree, leaveOut: changes.heldFiles() })).toMatchObject({ kind: 'published', files: ['pages/team.yaml'] })
    expect(await liveText(r, 'pages/about.yaml')).toBe(page('About'))
    expect((await publishStatus(r.root)).changes.map((c) => c.path)).toEqual(['pages/about.yaml'])
  })
})

describe('bad input: a sentence, and nothing changes', () => {
  it('nothing saved, a file in another open change, a file with no saved edits, an empty name', async () => {
    const { r, changes } = await setUp()
    expect(await refusal(() => changes.submit(author, { title: 'Nothing' }))).toBe('There is no saved work that is not live or in a change already: save your edits first.')
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Mine'))
    expect(await refusal(() => changes.submit(author, { title: '  ' }))).toBe('Name the change in a few words (what it does): the name was empty.')
    const first = await changes.submit(author, { title: 'Mine' })
    const before = await snapshot(r)
    expect(await refusal(() => changes.submit(other, { title: 'Also mine', files: ['pages/about.yaml'] }))).toBe('/about is already in the change “Mine” (in review): update that change instead.')
    expect(await refusal(() => changes.submit(other, { title: 'Team', files: ['pages/team.yaml'] }))).toBe('/team has no saved edits that are not live, so there is nothing of it to put in a change.')
    expect(await snapshot(r)).toBe(before)
    expect(changes.store.list()).toHaveLength(1)
    // Withdrawn, its file is free again, and its edits are still saved.
    changes.withdraw(author, first.id)
    expect((await changes.submit(other, { title: 'Also mine', files: ['pages/about.yaml'] })).files).toEqual(['pages/about.yaml'])
    expect(read(r.root, 'pages/about.yaml')).toContain('title: Mine')
  })

  it('two verdicts at once: the second is told where the change is now', async () => {
    const { r, changes } = await setUp()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Mine'))
    const change = await changes.submit(author, { title: 'Mine' })
    changes.review(editor, change.id, 'approve')
    expect(await refusal(() => changes.review({ ...bob, editor: true }, change.id, 'approve'))).toMatch(/^This change is approved now \(by Eve Editor, .* UTC\)\. Nothing else was done\.$/)
  })

  it('a field changed differently on both sides: the editor is shown both and chooses; until then nothing is published', async () => {
    const { r, changes } = await setUp()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Ada'))
    const change = await changes.submit(author, { title: 'Ada' })
    await pushFromOther(r, { 'pages/about.yaml': page('About').replace('title: Hello', 'title: Bob') }, 'Bob')
    changes.review(editor, change.id, 'approve')
    const remoteBefore = await gitText(r.remote, ['rev-parse', 'main'])
    const conflict = await publishAs(changes, editor, change.id)
    expect(conflict).toMatchObject({ kind: 'conflict', pages: [{ path: 'pages/about.yaml', mineChanges: [{ after: 'Ada' }], theirsChanges: [{ after: 'Bob' }] }] })
    expect(await gitText(r.remote, ['rev-parse', 'main'])).toBe(remoteBefore)
    expect(changes.store.get(change.id)!.state).toBe('approved')
    expect(await changes.publish(editor, change.id, { build: checkTree, signedIn: editor, choices: { 'pages/about.yaml': 'mine' } })).toMatchObject({ kind: 'published' })
    expect(await liveText(r, 'pages/about.yaml')).toContain('title: Ada')
  })

  it('the live history rewritten since the change began (a force push): refused in words, the change keeps its edits', async () => {
    const { r, changes } = await setUp()
    write(r.root, 'pages/about.yaml', page('About').replace('title: Hello', 'title: Mine'))
    const change = await changes.submit(author, { title: 'Mine' })
    await git(r.other, ['commit', '-q', '--amend', '-m', 'First version, rewritten'])
    await git(r.other, ['push', '-q', '--force', 'origin', 'main'])
    changes.review(editor, change.id, 'approve')
    const before = await snapshot(r)
    expect(await publishAs(changes, editor, change.id)).toMatchObject({ kind: 'refused', code: 'UnpublishedCommitsHere' })
    expect(await snapshot(r)).toBe(before)
    expect(changes.store.get(change.id)!.state).toBe('approved')
    expect(await gitText(r.root, ['show', `${changeBranch(change.id)}:pages/about.yaml`])).toContain('title: Mine')
  })
})
