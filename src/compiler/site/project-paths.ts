// Where a project keeps its parts, and how its files are named in problems.
import { dirname, join, relative } from 'node:path'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { walkFiles, type SkippedLink } from './project-files.ts'

export interface ProjectPaths {
  /** Project root; file names in problems are relative to it. */
  root: string
  pagesDir: string
  schemaDir: string
  publicDir: string
  /** src/blocks: one folder per block type, holding its component. */
  blocksDir: string
}

export function projectPaths(root: string): ProjectPaths {
  return { root, pagesDir: join(root, 'pages'), schemaDir: join(root, 'schema'), publicDir: join(root, 'public'), blocksDir: join(root, 'src/blocks') }
}

/**
 * The checkout whose code runs on these paths: where the block components
 * are (src/blocks, two folders down). The project's own, except in the
 * studio, which points the blocks at its own code when it edits a project
 * elsewhere (studio/server/server.ts). The page cache's key and the page
 * workers both follow it.
 */
export function codeRootOf(paths: ProjectPaths): string {
  return dirname(dirname(paths.blocksDir))
}

// Named in shared/routes.ts, which the studio's browser code reads too.
export { sharedFile, siteFile } from '../../shared/routes.ts'

/** A file's name as problems give it: relative to the project root, with forward slashes. */
export function display(paths: ProjectPaths, path: string): string {
  return relative(paths.root, path).replace(/\\/g, '/')
}

/** Every file under `dir`, sorted, without following a link out of it (project-files.ts). */
export function listFiles(dir: string): string[] {
  return walkFiles(dir).files
}

export /** One located problem per link the walk did not follow; the link's target is never read or named. */
function linkProblems(paths: ProjectPaths, links: readonly SkippedLink[], folder: string): Problem[] {
  return links.map(({ path, why }) => {
    const at = { file: display(paths, path), line: 1, column: 1 }
    return why === 'outside' ? problem('LinkLeavesFolder', { folder }, at) : problem(why === 'loop' ? 'LinkLoop' : 'DanglingLink', {}, at)
  })
}

