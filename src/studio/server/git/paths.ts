/** Which paths differ: between a commit and the working tree, between two commits, or in `git status`. */
import { git, splitNul } from './run.ts'

export type PathStatus = 'added' | 'modified' | 'deleted'

const statusOf: Record<string, PathStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'modified' }

/**
 * Every file under `folders` that differs between `base` and the working
 * tree, untracked (not ignored) files included, sorted by path.
 */
export async function changedSince(root: string, base: string, folders: readonly string[]): Promise<{ path: string; status: PathStatus }[]> {
  const diff = splitNul((await git(root, ['diff', '--name-status', '--no-renames', '-z', base, '--', ...folders])).stdout)
  const changes = new Map<string, PathStatus>()
  for (let i = 0; i + 1 < diff.length; i += 2) changes.set(diff[i + 1]!, statusOf[diff[i]!.charAt(0)] ?? 'modified')
  for (const path of await untracked(root, folders)) changes.set(path, 'added')
  return [...changes].map(([path, status]) => ({ path, status })).sort((a, b) => (a.path < b.path ? -1 : 1))
}

export async function untracked(root: string, folders: readonly string[]): Promise<string[]> {
  return splitNul((await git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', ...folders])).stdout)
}

/** Paths that differ between two commits (or trees). */
export async function changedBetween(root: string, from: string, to: string, folders: readonly string[] = []): Promise<string[]> {
  return splitNul((await git(root, ['diff', '--name-only', '--no-renames', '-z', from, to, '--', ...folders])).stdout)
}

/** Every path `git status` names: staged, changed or untracked. */
export async function dirtyPaths(root: string): Promise<string[]> {
  const entries = splitNul((await git(root, ['status', '--porcelain=v1', '-z', '--no-renames', '--untracked-files=all'])).stdout)
  return entries.map((e) => e.slice(3))
}
