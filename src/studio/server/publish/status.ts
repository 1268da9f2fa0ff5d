/**
 * What would be published: every page and media file changed since the
 * last publish, in page terms, and the rest of the working tree, which
 * publishing leaves alone. "Since the last publish" is since the last
 * commit this branch shares with its remote branch (the remote's tip when
 * the remote has not moved on; HEAD when there is no remote), so local
 * commits not yet pushed count, and the remote's own new commits do not.
 */
import { lstatSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { git, GitError } from '../git/run.ts'
import { aheadBehind, currentBranch, headCommit, mergeBase, publishTarget, remotes, repositoryPrefix, revParse, type Upstream } from '../git/refs.ts'
import { refusals } from '../../shared/publish-sentences.ts'
import { changedBetween, changedBetweenCommits, changedSince, dirtyPaths } from '../git/paths.ts'
import { fetchBranch } from '../git/remote.ts'
import { pageDiff } from './page-diff.ts'
import { getAuthor } from './author.ts'
import { routeOf } from './history.ts'
import { describedAtMost, type FileChange, type PublishStatus } from '../../shared/publish-types.ts'

/** The folders an author publishes; nothing else is ever committed by publishing. */
export const publishedFolders = ['pages', 'public'] as const

/** git's empty tree: the base of a repository with no commit yet. */
const emptyTree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'

export function isPublished(path: string): boolean {
  return publishedFolders.some((folder) => path.startsWith(`${folder}/`))
}

/** The status with what publish needs beside it. */
export interface Standing {
  status: PublishStatus
  head?: string
  target?: Upstream
  /** The remote branch's tip as last fetched, if it exists. */
  tracking?: string
  /** What "since the last publish" is measured from. */
  base: string
  hasRemote: boolean
}

export async function publishStatus(root: string, options: { fetch?: boolean } = {}): Promise<PublishStatus> {
  return (await standing(root, options)).status
}

export async function standing(root: string, options: { fetch?: boolean } = {}): Promise<Standing> {
  const prefix = await repositoryPrefix(root)
  if (prefix === undefined) throw new Error(refusals.NotARepository())
  if (prefix) throw new Error(refusals.NotRepositoryRoot({ prefix }))
  const [head, branch, hasRemote] = await Promise.all([headCommit(root), currentBranch(root), remotes(root).then((r) => r.length > 0)])
  const target = branch ? await publishTarget(root, branch) : undefined
  let offline: string | undefined
  if (options.fetch && target) {
    try {
      await fetchBranch(root, target.remote, target.branch)
    } catch (error) {
      offline = error instanceof GitError ? error.reason : String(error)
    }
  }
  const tracking = target ? await revParse(root, target.tracking) : undefined
  const counts = head && tracking ? await aheadBehind(root, head, tracking) : { ahead: 0, behind: 0 }
  const base = (head && tracking ? await mergeBase(root, head, tracking) : undefined) ?? head ?? emptyTree
  const [changes, others, author, liveChanged] = await Promise.all([
    fileChanges(root, base),
    otherPaths(root),
    getAuthor(root),
    head && tracking && counts.behind ? changedBetween(root, head, tracking, publishedFolders) : Promise.resolve([]),
  ])
  const status: PublishStatus = {
    ...(branch ? { branch } : {}),
    detached: !branch && !!head,
    ...(target ? { upstream: { remote: target.remote, branch: target.branch } } : {}),
    ...counts,
    ...(liveChanged.length ? { liveChanged } : {}),
    changes,
    others,
    ...(author ? { author } : {}),
    ...(offline ? { offline } : {}),
  }
  return {
    status,
    ...(head ? { head } : {}),
    ...(target ? { target } : {}),
    ...(tracking ? { tracking } : {}),
    base,
    hasRemote,
  }
}

/**
 * Each changed file, in path order; the first `describedAtMost` with their
 * change in page terms. At 10,000 new pages, describing them all read and
 * compared every page, and the status the studio pushes after each save
 * grew to tens of megabytes; the Publish panel was slow to open
 * (docs/measurements.md, "The studio's waits").
 * Against the working tree, or against commit `to` (a change's branch).
 */
export async function fileChanges(root: string, base: string, to?: string): Promise<FileChange[]> {
  const changed = to ? await changedBetweenCommits(root, base, to, publishedFolders) : await changedSince(root, base, publishedFolders)
  return Promise.all(
    changed.map(async ({ path, status }, i): Promise<FileChange> => {
      const route = routeOf(path)
      const common = { path, status, ...(route ? { route } : {}) }
      const described = i < describedAtMost
      if (!path.startsWith('pages/')) {
        // A file's size is one stat; a deleted one's asks git.
        const bytes = status !== 'deleted' || described ? await sizeOf(root, status === 'deleted' ? base : to, path) : undefined
        return { ...common, kind: 'media', lines: [], ...(bytes === undefined ? {} : { bytes }) }
      }
      if (!described) return { ...common, kind: 'page' }
      const before = status === 'added' ? null : await blobText(root, base, path)
      const after = status === 'deleted' ? null : to ? await blobText(root, to, path) : await workingText(root, path)
      return { ...common, kind: 'page', lines: pageDiff(path, before, after) }
    }),
  )
}

async function otherPaths(root: string): Promise<string[]> {
  return [...new Set((await dirtyPaths(root)).filter((path) => !isPublished(path)))].sort()
}

async function blobText(root: string, commit: string, path: string): Promise<string> {
  return (await git(root, ['cat-file', 'blob', `${commit}:${path}`])).stdout
}

function workingText(root: string, path: string): Promise<string> {
  return readFile(join(root, path), 'utf8')
}

/** The file's size in `commit`, or on disk with none. */
async function sizeOf(root: string, commit: string | undefined, path: string): Promise<number> {
  if (!commit) return lstatSync(join(root, path)).size
  return Number((await git(root, ['cat-file', '-s', `${commit}:${path}`])).stdout.trim())
}
