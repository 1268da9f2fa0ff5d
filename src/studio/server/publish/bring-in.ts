/**
 * Bring in the latest: what the team published since this copy last took
 * the live branch in, without publishing anything. HEAD moves to the live
 * tip (a fast-forward: this copy's own commits are always published ones);
 * a page or picture changed there and not here is written as it is live; a
 * page changed on both sides is merged field by field (yaml-edit/merge.ts),
 * so the author's saved edits stay and are still "not published" after. All
 * or nothing: a field both changed differently, or another file both
 * changed, leaves everything as it was and says which.
 */
import { writeFileAtomic } from '../../../compiler/site/plain-files.ts'
import { mergePage } from '../../../compiler/yaml-edit/index.ts'
import { git, GitError } from '../git/run.ts'
import { changedBetween, dirtyPaths } from '../git/paths.ts'
import { entryAt } from '../git/tree.ts'
import { textAtCommit } from '../git/log.ts'
import { fetchBranch } from '../git/remote.ts'
import { revParse, updateRef } from '../git/refs.ts'
import { standing } from './status.ts'
import { existsSync, readFileSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import type { BringInOutcome } from '../../shared/publish-types.ts'


export async function bringInLatest(root: string): Promise<BringInOutcome> {
  const { head, target } = await standing(root)
  if (!head || !target) return { kind: 'refused', reason: 'This copy has no live branch to take changes from.' }
  try {
    await fetchBranch(root, target.remote, target.branch)
  } catch (error) {
    return { kind: 'refused', reason: `The live site's copy could not be reached (${error instanceof GitError ? error.reason : String(error)}). Nothing was changed.` }
  }
  const live = await revParse(root, target.tracking)
  if (!live || live === head) return { kind: 'updated', files: [], merged: [], message: 'You already have everything that is live.' }
  if ((await git(root, ['merge-base', '--is-ancestor', head, live], { okCodes: [1] })).code !== 0) {
    return { kind: 'refused', reason: 'This copy holds a version the live site does not have: publish it first, which brings in the latest on the way.' }
  }
  const dirty = new Set(await dirtyPaths(root))
  const files = await changedBetween(root, head, live)
  const write: string[] = []
  const merged = new Map<string, string | null>()
  const blocked: string[] = []
  for (const path of files) {
    if (!dirty.has(path)) {
      write.push(path)
      continue
    }
    const here = existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null
    const outcome = path.startsWith('pages/') && path.endsWith('.yaml') ? mergePage(await textAtCommit(root, head, path), here, await textAtCommit(root, live, path)) : undefined
    if (outcome && 'text' in outcome) merged.set(path, outcome.text)
    else blocked.push(path)
  }
  if (blocked.length) {
    return {
      kind: 'refused',
      reason: `Nothing was changed: ${blocked.join(', ')} ${blocked.length === 1 ? 'was' : 'were'} changed both here and on the live site, in the same places. Publish to choose which version to keep.`,
    }
  }
  await updateRef(root, 'HEAD', live, head, 'bring in the latest')
  const list = (paths: string[]) => ({ input: paths.map((p) => `${p}\0`).join('') })
  const fromList = ['--pathspec-from-file=-', '--pathspec-file-nul']
  const present: string[] = []
  for (const path of write) {
    if (await entryAt(root, live, path)) present.push(path)
    else if (existsSync(join(root, path))) unlinkSync(join(root, path))
  }
  // The index learns the live version of every file; the files not changed here are written as they are live.
  if (files.length) await git(root, ['reset', '-q', live, ...fromList], list(files))
  if (present.length) await git(root, ['checkout', live, ...fromList], list(present))
  for (const [path, text] of merged) {
    if (text === null) {
      if (existsSync(join(root, path))) unlinkSync(join(root, path))
    }
    else writeFileAtomic(join(root, path), text)
  }
  const count = files.length
  return {
    kind: 'updated',
    files,
    merged: [...merged.keys()],
    message: `Brought in ${count} ${count === 1 ? 'file' : 'files'} published since${merged.size ? `; your saved edits to ${[...merged.keys()].join(', ')} are kept beside the new ones, still to publish` : ''}.`,
  }
}
