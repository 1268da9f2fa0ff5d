/** Where the repository stands: its branch, the branch's upstream, and commits on either side. */
import { git, gitText } from './run.ts'

/** Where `root` is in its repository: '' at the top, 'site/' inside a folder of it; undefined outside any repository. */
export async function repositoryPrefix(root: string): Promise<string | undefined> {
  const { stdout, code } = await git(root, ['rev-parse', '--show-prefix'], { okCodes: [128] })
  return code === 0 ? stdout.trim() : undefined
}

/** The branch HEAD is on, or undefined when HEAD is detached. */
export async function currentBranch(root: string): Promise<string | undefined> {
  const { stdout, code } = await git(root, ['symbolic-ref', '--quiet', '--short', 'HEAD'], { okCodes: [1] })
  return code === 0 ? stdout.trim() : undefined
}

/** The commit HEAD names, or undefined in a repository with no commit yet. */
export async function headCommit(root: string): Promise<string | undefined> {
  return revParse(root, 'HEAD')
}

export async function revParse(root: string, rev: string): Promise<string | undefined> {
  const { stdout, code } = await git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], { okCodes: [1] })
  return code === 0 ? stdout.trim() : undefined
}

export async function configValue(root: string, key: string): Promise<string | undefined> {
  const { stdout, code } = await git(root, ['config', '--get', key], { okCodes: [1] })
  return code === 0 ? stdout.replace(/\n$/, '') : undefined
}

export async function setLocalConfig(root: string, key: string, value: string): Promise<void> {
  await git(root, ['config', '--local', key, value])
}

export interface Upstream {
  remote: string
  branch: string
  /** The remote-tracking ref holding the remote branch as last fetched: refs/remotes/<remote>/<branch>. */
  tracking: string
}

/**
 * Where a branch publishes to: `publish.remote` / `publish.branch` in the
 * repository's config when set, else the branch's upstream
 * (branch.<name>.remote and .merge). Undefined when neither is set, or the
 * remote is the repository itself (".").
 */
export async function publishTarget(root: string, branch: string): Promise<Upstream | undefined> {
  const remote = (await configValue(root, 'publish.remote')) ?? (await configValue(root, `branch.${branch}.remote`))
  const merge = (await configValue(root, 'publish.branch')) ?? (await configValue(root, `branch.${branch}.merge`)) ?? (remote ? branch : undefined)
  if (!remote || remote === '.' || !merge) return undefined
  const name = merge.replace(/^refs\/heads\//, '')
  return { remote, branch: name, tracking: `refs/remotes/${remote}/${name}` }
}

export async function remotes(root: string): Promise<string[]> {
  return (await gitText(root, ['remote'])).split('\n').filter(Boolean)
}

/** Commits on `left` not on `right`, and the other way round. */
export async function aheadBehind(root: string, left: string, right: string): Promise<{ ahead: number; behind: number }> {
  const [ahead, behind] = (await gitText(root, ['rev-list', '--left-right', '--count', `${left}...${right}`])).split(/\s+/).map(Number)
  return { ahead: ahead ?? 0, behind: behind ?? 0 }
}

export async function mergeBase(root: string, a: string, b: string): Promise<string | undefined> {
  const { stdout, code } = await git(root, ['merge-base', a, b], { okCodes: [1] })
  return code === 0 ? stdout.trim() : undefined
}

/** Move `ref` to `to` only if it still names `from` (another process moving it in between makes this fail). */
export async function updateRef(root: string, ref: string, to: string, from: string, reason: string): Promise<void> {
  await git(root, ['update-ref', '-m', reason, ref, to, from])
}
