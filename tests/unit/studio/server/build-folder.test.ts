import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gitText } from '../../../../src/studio/server/git/run'
import { syncFolderToTree } from '../../../../src/studio/server/git/tree'
import { takeBuildFolder } from '../../../../src/studio/server/publish/build-folder'
import { commitAll, isolateGit, makeRepos, write, type Repos } from '../../../support/git-repos'

/**
 * The folder a publish builds in: kept for the project between publishes,
 * brought to the next commit's tree by rewriting only what changed (so the
 * build's caches, keyed by the files' bytes and times, hold), and always
 * exactly the tree to be published. Real git, real files.
 */
let r: Repos
beforeAll(async () => {
  isolateGit()
  r = await makeRepos({ remote: false })
})
afterAll(() => r.remove())

/** Every file and link under `dir` but dist/, with its bytes (a link's: where it points, as git keeps it). */
function filesIn(dir: string): Record<string, string> {
  const entries = (readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean; isSymbolicLink(): boolean }[]).filter((e) => e.isFile() || e.isSymbolicLink())
  return Object.fromEntries(
    entries
      .map((e) => ({ path: join(e.parentPath, e.name).slice(dir.length + 1), link: e.isSymbolicLink() }))
      .filter(({ path }) => !path.startsWith('dist/'))
      .sort((a, b) => (a.path < b.path ? -1 : 1))
      .map(({ path, link }) => [path, link ? readlinkSync(join(dir, path)) : readFileSync(join(dir, path), 'utf8')]),
  )
}
/** The commit's files with their bytes, as git has them. */
function filesAt(commit: string): Record<string, string> {
  const names = spawnSync('git', ['ls-tree', '-r', '--name-only', '-z', commit], { cwd: r.root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean).sort()
  return Object.fromEntries(names.map((path) => [path, spawnSync('git', ['show', `${commit}:${path}`], { cwd: r.root, encoding: 'utf8' }).stdout]))
}

describe('the folder a publish builds in', () => {
  it('holds each commit exactly, rewriting only the files that changed; what a build changed there is put back, what it added is left', async () => {
    const folder = takeBuildFolder(r.root)
    try {
      const first = await gitText(r.root, ['rev-parse', 'HEAD'])
      await syncFolderToTree(r.root, first, folder.dir, folder.index)
      expect(filesIn(folder.dir)).toEqual(filesAt(first))

      write(r.root, 'pages/about.yaml', 'title: About, changed\n')
      rmSync(join(r.root, 'pages/team.yaml'))
      write(r.root, 'pages/new.yaml', 'title: New\n')
      const second = await commitAll(r.root, 'about changed, team gone, new added')
      // A build's own writes meanwhile: a tracked file changed, its output added.
      writeFileSync(join(folder.dir, 'pages/index.yaml'), 'title: changed by a build\n')
      mkdirSync(join(folder.dir, 'dist'))
      writeFileSync(join(folder.dir, 'dist/index.html'), '<p>built</p>')
      const readmeBefore = statSync(join(folder.dir, 'README.md'))
      await syncFolderToTree(r.root, second, folder.dir, folder.index)
      expect(filesIn(folder.dir)).toEqual(filesAt(second))
      expect(existsSync(join(folder.dir, 'pages/team.yaml'))).toBe(false)
      expect(readFileSync(join(folder.dir, 'dist/index.html'), 'utf8')).toBe('<p>built</p>')
      // A file that did not change is the same file, with its times: the build's caches hold for it.
      const readme = statSync(join(folder.dir, 'README.md'))
      expect([readme.ino, readme.mtimeMs]).toEqual([readmeBefore.ino, readmeBefore.mtimeMs])

      // Its index gone: the folder is written whole, and still holds the commit exactly.
      rmSync(folder.index)
      writeFileSync(join(folder.dir, 'pages/stray.yaml'), 'title: Stray\n')
      await syncFolderToTree(r.root, first, folder.dir, folder.index)
      expect(filesIn(folder.dir)).toEqual(filesAt(first))
    } finally {
      folder.release()
    }
  })

  it('is the same folder for a project each time, another while one publish holds it, and one a process left behind is taken over', () => {
    const first = takeBuildFolder(r.root)
    const meanwhile = takeBuildFolder(r.root)
    expect(meanwhile.dir).not.toBe(first.dir)
    meanwhile.release()
    expect(existsSync(meanwhile.dir)).toBe(false)
    first.release()
    const again = takeBuildFolder(r.root)
    expect(again.dir).toBe(first.dir)
    again.release()
    // A lock naming a process that has ended.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
    writeFileSync(join(first.dir, '..', 'lock'), ended)
    const taken = takeBuildFolder(r.root)
    expect(taken.dir).toBe(first.dir)
    taken.release()
  })
})
