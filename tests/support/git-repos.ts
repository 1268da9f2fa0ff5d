/**
 * Real git repositories for the publish tests, no mocks: a small project
 * (the mini site's pages, src/ and schema/ linked to this project's, a
 * public/ of its own) made a repository with one commit, a bare repository
 * as its remote, and a second clone for another author.
 */
import { cpSync, existsSync, mkdirSync, rmSync, unlinkSync, writeFileSync, readFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { tempProject } from '../../scripts/temp-project'
import { git, gitText } from '../../src/studio/server/git/run'
import { mini, pageNamed, projectRoot } from './fixture-targets'

/** Keep the machine's own git config (its user, its credential helpers) out of the tests. */
export function isolateGit(): void {
  process.env.GIT_CONFIG_GLOBAL = '/dev/null'
  process.env.GIT_CONFIG_NOSYSTEM = '1'
  for (const name of ['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'GIT_DIR', 'GIT_INDEX_FILE']) delete process.env[name]
}

export const ada = { name: 'Ada Author', email: 'ada@example.com' }
export const bob = { name: 'Bob Other', email: 'bob@example.com' }

/** A valid page of the mini site, titled `name`. */
export const page = pageNamed

export interface Repos {
  /** The author's project: a clone of `remote` on main, with node_modules linked. */
  root: string
  /** The bare repository both push to. */
  remote: string
  /** Another author's clone of `remote`. */
  other: string
  remove: () => void
}

const startFiles = {
  'pages/_site.yaml': mini('_site.yaml'),
  'pages/index.yaml': mini('index.yaml'),
  'pages/about.yaml': page('About'),
  'pages/team.yaml': page('Team'),
  'README.md': 'A test project.\n',
  '.gitignore': 'node_modules\ndist\n.build-tmp\n.dist-versions\n',
}

/** The project, committed; with `remote: false` it has no remote (and `remote`/`other` are unused). */
export async function makeRepos(options: { remote?: boolean } = {}): Promise<Repos> {
  const project = tempProject(startFiles, { copyPages: false })
  const root = project.root
  // public/ is linked by tempProject; git does not look inside a link, so it gets one of its own.
  unlinkSync(join(root, 'public'))
  mkdirSync(join(root, 'public/media/img'), { recursive: true })
  cpSync(join(projectRoot, 'public/favicon.svg'), join(root, 'public/favicon.svg'))
  const outside = mkdtempSync(join(tmpdir(), 'publish-remote-'))
  const remote = join(outside, 'remote.git')
  const other = join(outside, 'other')
  await git(root, ['init', '-q', '-b', 'main'])
  await configure(root, ada)
  await commitAll(root, 'First version')
  if (options.remote !== false) {
    await git(outside, ['init', '-q', '--bare', '-b', 'main', remote])
    await git(root, ['remote', 'add', 'origin', remote])
    await git(root, ['push', '-q', '-u', 'origin', 'main'])
    await git(outside, ['clone', '-q', remote, other])
    await configure(other, bob)
  }
  return { root, remote, other, remove: () => (project.remove(), rmSync(outside, { recursive: true, force: true })) }
}

/**
 * makeRepos once for a test file, copied for each test that needs its own:
 * a copy costs a few file copies instead of a dozen git commands. Made at
 * the first copy, one for each `remote` option; `remove` after the file's tests.
 */
export function reposTemplate(): { copy: (options?: { remote?: boolean }) => Promise<Repos>; remove: () => Promise<void> } {
  const made = new Map<boolean, Promise<Repos>>()
  return {
    async copy(options = {}) {
      const remote = options.remote !== false
      if (!made.has(remote)) made.set(remote, makeRepos(options))
      return copyRepos(await made.get(remote)!)
    },
    async remove() {
      for (const repos of made.values()) (await repos).remove()
    },
  }
}

/** A copy of `template`'s folders, links kept as they are; the clones' git config names the copy's remote, not the template's. */
function copyRepos(template: Repos): Repos {
  const copy = (from: string, prefix: string) => {
    const to = mkdtempSync(join(tmpdir(), prefix))
    cpSync(from, to, { recursive: true, verbatimSymlinks: true })
    return to
  }
  const root = copy(template.root, 'site-')
  const templateOutside = dirname(template.remote)
  const outside = copy(templateOutside, 'publish-remote-')
  const remote = join(outside, 'remote.git')
  const other = join(outside, 'other')
  for (const config of [join(root, '.git/config'), join(other, '.git/config')]) {
    if (existsSync(config)) writeFileSync(config, readFileSync(config, 'utf8').replaceAll(templateOutside, outside))
  }
  return { root, remote, other, remove: () => [root, outside].forEach((dir) => rmSync(dir, { recursive: true, force: true })) }
}

async function configure(root: string, who: { name: string; email: string }): Promise<void> {
  await git(root, ['config', 'user.name', who.name])
  await git(root, ['config', 'user.email', who.email])
}

export function write(root: string, path: string, text: string | Uint8Array): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

export function read(root: string, path: string): string {
  return readFileSync(join(root, path), 'utf8')
}

export async function commitAll(root: string, message: string): Promise<string> {
  await git(root, ['add', '-A'])
  await git(root, ['commit', '-q', '-m', message])
  return gitText(root, ['rev-parse', 'HEAD'])
}

/** Another author's change, committed and pushed from the second clone. */
export async function pushFromOther(repos: Repos, files: Record<string, string | null>, message: string): Promise<string> {
  await git(repos.other, ['pull', '-q', '--ff-only'])
  for (const [path, text] of Object.entries(files)) {
    if (text === null) rmSync(join(repos.other, path))
    else write(repos.other, path, text)
  }
  const commit = await commitAll(repos.other, message)
  await git(repos.other, ['push', '-q', 'origin', 'main'])
  return commit
}

/** Everything a refusal must leave as it was: HEAD, the index, the working tree's status, the remote's tip. */
export async function snapshot(repos: Repos): Promise<string> {
  const head = await gitText(repos.root, ['rev-parse', 'HEAD'])
  const index = await gitText(repos.root, ['ls-files', '-s'])
  const status = await gitText(repos.root, ['status', '--porcelain', '--untracked-files=all'])
  const remote = await git(repos.root, ['ls-remote', repos.remote, 'refs/heads/main'], { okCodes: [128] }).then((r) => r.stdout, () => '')
  return JSON.stringify({ head, index, status, remote })
}
