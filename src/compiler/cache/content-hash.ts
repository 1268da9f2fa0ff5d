import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { walkFiles } from '../site/project-files.ts'

/**
 * One hash of files' names (from `root`) and bytes, for caches that must
 * never trust a date: cp -a, rsync and `touch -r` give changed files old
 * ones. `files` may name folders (every file under them counts) and files
 * that do not exist (left out). `seed` adds what is not a file (a version).
 */
export function hashOfFiles(root: string, files: readonly string[], { seed = '', only }: { seed?: string; only?: RegExp } = {}): string {
  const hash = createHash('sha256').update(seed).update('\0')
  const all = files.flatMap((path) => (!existsSync(path) ? [] : /\.[^/]+$/.test(path) ? [path] : walkFiles(path).files)).filter((f) => !only || only.test(f))
  for (const file of all.sort()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  return hash.digest('hex')
}

/** The hash of bytes or text, as the caches name them. */
export function hashOf(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}
