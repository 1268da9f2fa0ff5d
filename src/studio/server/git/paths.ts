/** Which paths differ: between a commit and the working tree, between two commits, or in `git status`. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { git, splitNul } from './run.ts'

export type PathStatus = 'added' | 'modified' | 'deleted'

const statusOf: Record<string, PathStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'modified' }

/**
 * Every file under `folders` that differs between `base` and the working
 * tree, untracked (not ignored) files included, sorted by path.
 */
export async function changedSince(root: string, base: string, folders: readonly string[]): Promise<{ path: string; status: PathStatus }[]> {
  const changes = await statusBetween(root, [base], folders)
  for (const path of await untracked(root, folders)) changes.set(path, 'added')
  return sorted(changes)
}

/** Every file under `folders` that differs between two commits, with how, sorted by path. */
export async function changedBetweenCommits(root: string, from: string, to: string, folders: readonly string[]): Promise<{ path: string; status: PathStatus }[]> {
  return sorted(await statusBetween(root, [from, to], folders))
}

async function statusBetween(root: string, commits: readonly string[], folders: readonly string[]): Promise<Map<string, PathStatus>> {
  const diff = splitNul((await git(root, ['diff', '--name-status', '--no-renames', '-z', ...commits, '--', ...folders])).stdout)
  const changes = new Map<string, PathStatus>()
  for (let i = 0; i + 1 < diff.length; i += 2) changes.set(diff[i + 1]!, statusOf[diff[i]!.charAt(0)] ?? 'modified')
  return changes
}

const sorted = (changes: Map<string, PathStatus>) => [...changes].map(([path, status]) => ({ path, status })).sort((a, b) => (a.path < b.path ? -1 : 1))

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

/**
 * Of `paths`, those whose working-tree file differs from `commit`'s:
 * changed, gone, or there and not in it. Compared by content (the file's
 * blob id against the commit's), since `git diff <commit>` sees only what
 * the index tracks and calls an untracked file the commit has deleted.
 */
export async function differFromCommit(root: string, commit: string, paths: readonly string[]): Promise<string[]> {
  if (!paths.length) return []
  const inCommit = new Map<string, string>()
  for (const line of splitNul((await git(root, ['ls-tree', '-r', '-z', commit, '--', ...paths])).stdout)) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(line)
    if (match) inCommit.set(match[2]!, match[1]!)
  }
  const present = paths.filter((path) => existsSync(join(root, path)))
  const blobs = present.length ? (await git(root, ['hash-object', '--stdin-paths'], { input: present.map((p) => `${p}\n`).join('') })).stdout.trim().split('\n') : []
  const onDisk = new Map(present.map((path, i) => [path, blobs[i]]))
  return paths.filter((path) => onDisk.get(path) !== inCommit.get(path))
}
