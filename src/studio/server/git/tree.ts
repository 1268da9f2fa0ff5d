/**
 * Trees and commits made without touching the author's index or files: a
 * temporary index (GIT_INDEX_FILE) is filled from a tree, changed, written
 * out as a new tree, and thrown away.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { git, gitText, splitNul } from './run.ts'

export interface Signature {
  name: string
  email: string
}

/** Run `work` with a fresh index file read from `tree`; the index is removed afterwards. */
export async function withTempIndex<T>(root: string, tree: string, work: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'publish-index-'))
  const env = { GIT_INDEX_FILE: join(dir, 'index') }
  try {
    await git(root, ['read-tree', tree], { env })
    return await work(env)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * `base`'s tree with `paths` as they are in the working tree now: changed,
 * added, or removed when the file is gone.
 */
export async function treeWithWorkingFiles(root: string, base: string, paths: readonly string[]): Promise<string> {
  return withTempIndex(root, base, async (env) => {
    if (paths.length) await git(root, ['update-index', '--add', '--remove', '-z', '--stdin'], { env, input: paths.map((p) => `${p}\0`).join('') })
    return gitText(root, ['write-tree'], { env })
  })
}

/** An entry to put into a tree: a blob with its mode, or nothing (the path is removed). */
export type TreeEntry = { path: string; mode: string; blob: string } | { path: string; remove: true }

export async function treeWithEntries(root: string, base: string, entries: readonly TreeEntry[]): Promise<string> {
  return withTempIndex(root, base, async (env) => {
    const info = entries.map((e) => ('remove' in e ? `0 ${'0'.repeat(40)}\t${e.path}` : `${e.mode} ${e.blob}\t${e.path}`)).join('\0')
    if (entries.length) await git(root, ['update-index', '-z', '--index-info'], { env, input: `${info}\0` })
    return gitText(root, ['write-tree'], { env })
  })
}

/** A commit object of `tree` on `parents`, signed by `author` as author and committer; no ref moves. */
export async function commitTree(root: string, tree: string, parents: readonly string[], message: string, author: Signature): Promise<string> {
  const env = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email }
  return gitText(root, ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'], { env, input: message })
}

export async function treeOf(root: string, commit: string): Promise<string> {
  return gitText(root, ['rev-parse', `${commit}^{tree}`])
}

/** The mode and blob of `path` in `commit`, or undefined where it has none. */
export async function entryAt(root: string, commit: string, path: string): Promise<{ mode: string; blob: string } | undefined> {
  const out = await gitText(root, ['ls-tree', '-z', commit, '--', path])
  const line = splitNul(out)[0]
  const match = line && /^(\d+) blob ([0-9a-f]+)\t/.exec(line)
  return match ? { mode: match[1]!, blob: match[2]! } : undefined
}

/** Write `commit`'s whole tree into `dir` (an empty folder), without touching the repository's index or files. */
export async function extractTree(root: string, commit: string, dir: string): Promise<void> {
  await withTempIndex(root, commit, async (env) => {
    await git(root, ['checkout-index', '--all', '--force', `--prefix=${dir.endsWith('/') ? dir : `${dir}/`}`], { env })
  })
}
