import { readFileSync } from 'node:fs'
import { relative, sep } from 'node:path'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { locatePath } from '../yaml/locate.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import type { Page } from '../../generated/schema-types.ts'

/** One page the build was prerendering when it failed. */
export interface FailedRender {
  route: string
  /** The page's YAML file (absolute). */
  path: string
  page: Page
  /** Project root: problems name files relative to it. */
  root: string
  /** Render the route with another page's data (here: one block of it at a time); rejects when that fails. */
  render: (page: Page) => Promise<void>
}

/**
 * A page that passed every check but threw while it was prerendered, as a
 * located problem instead of a stack into the bundle: which block threw
 * (each block rendered alone, in order, until one does), where that block
 * is in the page's YAML, and the component's own line. The server bundle is
 * built with source maps and Node applies them to the stack, so its frames
 * name src/ files. Only runs when a render has failed: a build that works
 * never pays for it.
 */
export async function renderFailure(error: unknown, failed: FailedRender): Promise<Problem> {
  const file = relative(failed.root, failed.path).split(sep).join('/')
  for (const [index, block] of failed.page.blocks.entries()) {
    const alone = await failed.render({ ...failed.page, blocks: [block] }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    if (alone === undefined) continue
    return problem('BlockRenderFailed', { type: block.type, block: index + 1, route: failed.route, ...described(alone, failed.root) }, blockLocation(file, failed.path, index))
  }
  return problem('PageRenderFailed', { route: failed.route, ...described(error, failed.root) }, { file, line: 1, column: 1 })
}

/** The error's first line, and the first frame of the stack in the project's own src/ (relative, with its line and column). */
function described(error: unknown, root: string): { error: string; source?: string } {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  const stack = error instanceof Error ? (error.stack ?? '') : ''
  const own = `${root}${sep}src${sep}`
  // Each frame's file (a path or a file:// URL), line and column; the first in src/ is the component's.
  const frames = stack.split('\n').flatMap((line) => {
    const match = /\(?((?:file:\/\/)?\/[^()\s]+):(\d+):(\d+)\)?\s*$/.exec(line.trim())
    return match ? [{ path: decodeURI(match[1]!.replace(/^file:\/\//, '')), line: match[2], column: match[3] }] : []
  })
  const frame = frames.find((f) => f.path.startsWith(own))
  const source = frame && `${relative(root, frame.path).split(sep).join('/')}:${frame.line}:${frame.column}`
  return { error: text.split('\n')[0]!, ...(source ? { source } : {}) }
}

/** Where blocks[index] starts in the page's YAML ("- type: …"), or the file's start if it cannot be read. */
function blockLocation(file: string, path: string, index: number) {
  const read = parseYaml(file, readFileSync(path))
  return read.ok ? locatePath(read.parsed, ['blocks', index]) : { file, line: 1, column: 1 }
}
