/**
 * Trees and commits made without touching the author's index or files: a
 * temporary index (GIT_INDEX_FILE) is filled from a tree, changed, written
 * out as a new tree, and thrown away. A folder outside the repository (the
 * one a publish builds in) is brought to a commit's tree through an index
 * of its own, kept beside it.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
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
/** A commit of `tree`; its committer is its author unless another is given (the team studio's editor publishing an author's pages). */
export async function commitTree(root: string, tree: string, parents: readonly string[], message: string, author: Signature, committer = author): Promise<string> {
  const env = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: committer.email }
  return gitText(root, ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'], { env, input: message })
}

/** Keeps `text` as a blob in the repository; answers its id. */
export async function writeBlob(root: string, text: string): Promise<string> {
  return gitText(root, ['hash-object', '-w', '--stdin'], { input: text })
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

/**
 * Make `dir` hold `commit`'s tree exactly, writing only the files that
 * differ from what it holds. `index` is the folder's own index file, kept
 * beside it from the last time: from its record of each file, git leaves a
 * file that did not change alone (its bytes and its times, which the build's
 * caches read). A file changed in the folder since (by a build) is put back
 * first. Files git does not track there (dist/, a link to node_modules) are
 * left. With no index, or when git cannot bring the folder along, the
 * folder is emptied and the tree written whole.
 */
export async function syncFolderToTree(root: string, commit: string, dir: string, index: string): Promise<void> {
  const env = { GIT_INDEX_FILE: index, GIT_WORK_TREE: dir }
  if (existsSync(index) && existsSync(dir)) {
    try {
      // Exits 1 when a file needs putting back; diff-files then names it.
      await git(root, ['update-index', '-q', '--refresh'], { env }).catch(() => undefined)
      const changed = splitNul((await git(root, ['diff-files', '--name-only', '-z'], { env })).stdout)
      if (changed.length) await git(root, ['checkout-index', '--force', '-u', '-z', '--stdin'], { env, input: changed.map((p) => `${p}\0`).join('') })
      const held = await gitText(root, ['write-tree'], { env })
      await git(root, ['read-tree', '-m', '-u', held, commit], { env })
      return
    } catch {
      // Written whole, below.
    }
  }
  rmSync(dir, { recursive: true, force: true })
  rmSync(index, { force: true })
  mkdirSync(dir, { recursive: true })
  await git(root, ['read-tree', commit], { env })
  await git(root, ['checkout-index', '--all', '--force', '-u'], { env })
}

