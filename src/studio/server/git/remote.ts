/** Talking to the remote, and merging what it has: fetch, merge-tree, push. Never a forced push. */
import { git, GitError, splitNul } from './run.ts'

const networkTimeout = 120_000

/** Fetch one branch of a remote into its remote-tracking ref. A remote branch that does not exist yet is not an error: the push creates it. */
export async function fetchBranch(root: string, remote: string, branch: string): Promise<{ exists: boolean }> {
  try {
    await git(root, ['fetch', '--quiet', '--no-tags', remote, `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`], { timeout: networkTimeout })
    return { exists: true }
  } catch (error) {
    if (error instanceof GitError && /couldn't find remote ref/i.test(error.stderr)) return { exists: false }
    throw error
  }
}

export interface MergeResult {
  /** The merged tree; files in `conflicts` hold conflict markers in it. */
  tree: string
  conflicts: string[]
}

/** Merge two commits into a tree, without a working tree or index (git 2.38+). */
export async function mergeTrees(root: string, ours: string, theirs: string): Promise<MergeResult> {
  const { stdout } = await git(root, ['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', ours, theirs], { okCodes: [1] })
  const [tree, ...rest] = splitNul(stdout)
  return { tree: tree!, conflicts: [...new Set(rest.filter(Boolean))] }
}

/** Push `commit` to `branch` on `remote`: a fast-forward or nothing (no --force, ever). */
/** Push `commit` to the remote branch (never forced); answers what the remote said on its "remote:" lines (a deploy hook's report). */
export async function push(root: string, remote: string, commit: string, branch: string): Promise<string[]> {
  const { stderr } = await git(root, ['push', '--no-progress', remote, `${commit}:refs/heads/${branch}`], { timeout: networkTimeout })
  return remoteLines(stderr)
}

/** The remote's own lines of a push's output, without git's "remote: " prefix. */
export function remoteLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => /^remote:/.test(line))
    .map((line) => line.replace(/^remote: ?/, ''))
    .filter((line, i, all) => line.trim() || (i > 0 && i < all.length - 1))
}

/** A failure to reach the remote at all (no network, no such host or path, no access), as opposed to a refusal by it. */
export function isUnreachable(error: GitError): boolean {
  return /could not read from remote|unable to access|could not resolve host|connection (refused|timed out)|does not appear to be a git repository|timed out/i.test(`${error.stderr} ${error.code}`)
}

/** What the remote said about a refused push: its own "remote:" lines and the "[rejected]" reason, else git's last error. */
export function pushReason(error: GitError): string {
  const lines = error.stderr.split('\n').map((l) => l.trim())
  const rejected = lines.find((l) => /^!\s*\[/.test(l))
  const remoteSaid = lines.filter((l) => /^remote:\s*\S/.test(l)).map((l) => l.replace(/^remote:\s*/, ''))
  const parts = [...remoteSaid, rejected?.replace(/^!\s*/, '')].filter(Boolean)
  return parts.length ? parts.join(' ') : error.reason
}
