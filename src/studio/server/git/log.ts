/** The history of files: versions that follow renames, a file at a commit, files deleted on the way. */
import { git, splitNul } from './run.ts'
import { entryAt } from './tree.ts'
import type { PathStatus } from './paths.ts'
import type { Version } from '../../shared/publish-types.ts'

/** A commit of a file's log: a Version without one path, and every file it changed there. */
export interface LogEntry extends Omit<Version, 'path'> {
  files: { path: string; status: PathStatus | 'renamed' }[]
}

const fields = ['%H', '%h', '%an', '%ae', '%aI', '%s']
const format = `--format=%x1e${fields.join('%x1f')}%x1f`

/**
 * Commits that changed `pathspec` from HEAD back, newest first, each with
 * the files it changed there (--name-status -z, renames detected).
 * `follow` follows one file through renames.
 */
export async function logFiles(root: string, pathspec: string, options: { follow?: boolean; filter?: string } = {}): Promise<LogEntry[]> {
  const args = ['log', format, '--name-status', '-z', ...(options.follow ? ['--follow', '-M'] : []), ...(options.filter ? [`--diff-filter=${options.filter}`] : []), 'HEAD', '--', pathspec]
  const { stdout } = await git(root, args)
  return stdout.split('\x1e').filter(Boolean).map(parseEntry)
}

function parseEntry(record: string): LogEntry {
  const parts = record.split('\x1f')
  const [commit, short, author, email, date, message] = parts
  const names = splitNul((parts[6] ?? '').replace(/^\0?\n/, ''))
  const files: LogEntry['files'] = []
  for (let i = 0; i < names.length; ) {
    const letter = names[i]!.charAt(0)
    if (letter === 'R' || letter === 'C') {
      files.push({ path: names[i + 2]!, status: 'renamed' })
      i += 3
    } else {
      files.push({ path: names[i + 1]!, status: letter === 'A' ? 'added' : letter === 'D' ? 'deleted' : 'modified' })
      i += 2
    }
  }
  return { commit: commit!, short: short!, author: author!, email: email!, date: date!, message: message!, files }
}

/** Revisions callers may name: hex object names and plain ref names, never anything git would read as an option. */
export function isSafeRevision(rev: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._/~^-]*$/.test(rev) && !rev.includes('..')
}

/** The text of `path` at `commit`, or null where that commit (or no commit at all) has no such file. */
export async function textAtCommit(root: string, commit: string | undefined, path: string): Promise<string | null> {
  return commit && (await entryAt(root, commit, path)) ? showFile(root, commit, path) : null
}

/** The bytes of `path` at `commit`, as UTF-8 text. */
export async function showFile(root: string, commit: string, path: string): Promise<string> {
  if (!isSafeRevision(commit)) throw new Error(`${JSON.stringify(commit)} is not a commit name.`)
  return (await git(root, ['cat-file', 'blob', `${commit}:${path}`])).stdout
}
