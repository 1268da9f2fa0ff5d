/**
 * Reading and writing an author's files under pages/, and nothing outside
 * it: a path is resolved and its real location, links never followed, must
 * stay inside pages/. Every failure is a Refusal in the author's words,
 * without an absolute path.
 */
import { createHash } from 'node:crypto'
import { lstatSync } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { entryKind, NotAPlainFile, readPlainFile, writeFileAtomic } from '../../../compiler/site/plain-files.ts'
import { pageName, sentenceStart } from '../../shared/author-words.ts'
import { Refused } from '../refused.ts'

/** Longer than any path new-page would make (its routes are at most 120 characters); file systems refuse far longer ones with errors that name absolute paths. */
const maxPathLength = 200

export const hashOf = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex').slice(0, 16)

/**
 * The absolute path of `file` under pages/ (`pagesDir`, whose real path is
 * `realPages`), or Refused: no absolute paths, no "..", only .yaml files,
 * and no part of the path a link or anything but a folder or, at the end, a
 * plain file.
 */
export function resolvePageFile(pagesDir: string, realPages: string, file: unknown): string {
  if (typeof file !== 'string' || !file) throw new Refused('Say which file under pages/ to use.', 400)
  if (file.includes('\0') || isAbsolute(file) || file.includes('\\')) throw new Refused(`The studio edits files under pages/ only; ${JSON.stringify(file)} is not one.`)
  if (file.length > maxPathLength) throw new Refused(`That file name is ${file.length} characters long; the studio takes names of at most ${maxPathLength}.`, 400)
  const abs = resolve(pagesDir, file)
  if (!abs.startsWith(pagesDir + sep)) throw new Refused(`${file} is outside pages/; the studio reads and writes only inside pages/.`)
  if (!/\.ya?ml$/.test(abs)) throw new Refused(`${file} is not a YAML file; the studio edits only pages/**/*.yaml.`)
  // Every part of the path is looked at without following it: a link
  // (even a dangling one, which a write would create a file through) or a
  // FIFO is refused before anything is read or written.
  const parts = relative(pagesDir, abs).split(sep)
  let at = realPages
  for (const [i, part] of parts.entries()) {
    at = join(at, part)
    const stats = lstatSync(at, { throwIfNoEntry: false })
    if (!stats) break
    const shown = `pages/${parts.slice(0, i + 1).join('/')}`
    if (stats.isSymbolicLink()) throw new Refused(`${shown} is a link; the studio reads and writes only plain files and folders, never through a link.`)
    if (i < parts.length - 1 ? !stats.isDirectory() : !stats.isFile()) throw new Refused(`${shown} is ${entryKind(stats)}; the studio reads and writes only plain files.`)
  }
  return join(realPages, ...parts)
}

/** The bytes of `path` (`file` under pages/, as the author knows it), refused when it is not a plain file. */
export function readPlain(path: string, file: string): Buffer {
  try {
    return readPlainFile(path)
  } catch (error) {
    if (error instanceof NotAPlainFile) throw new Refused(`${sentenceStart(pageName(file))} is ${error.kind}; the studio reads and writes only plain files.`)
    throw error
  }
}

/** writeFileAtomic, with its failures said in words and without the absolute path: the old file is still whole. */
export function writeAuthorFile(path: string, file: string, text: string, options: { exclusive?: boolean } = {}): void {
  try {
    writeFileAtomic(path, text, options)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (error instanceof NotAPlainFile) throw new Refused(`${sentenceStart(pageName(file))} is ${error.kind}; the studio writes only plain files.`)
    if (code === 'EEXIST') throw new Refused(`${sentenceStart(pageName(file))} already exists; nothing was written.`, 409)
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new Refused(`The disk is full: ${pageName(file)} was not written and is as it was. Free some space and save again.`, 507)
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw new Refused(`The studio may not write ${pageName(file)} here (its folder is closed to it): it is as it was. Ask a developer to open it.`, 403)
    throw new Refused(`${sentenceStart(pageName(file))} could not be written (${code ?? 'unknown error'}); it is as it was.`, 500)
  }
}
