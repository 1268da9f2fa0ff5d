/**
 * The check behind `npm run check`, for the project at `root`: validate every
 * page, the site settings and every link and media reference, without
 * building. Prints every problem as file:line:col with a hint and returns the
 * exit code. The root is an argument, never this file's folder: run-check.mjs
 * runs a cached bundle of this module, which may be shared by copies of the
 * project (cp -a, a linked node_modules).
 */
import { checkSite, projectPaths, withStaleGenerated } from '../src/compiler/index'
import { formatProblems } from '../src/compiler/problems/problems'
import { createProgress } from '../src/compiler/progress/progress'

export async function checkProject(root: string): Promise<number> {
  const started = performance.now()
  const checked = await checkSite(projectPaths(root), { progress: createProgress() })
  const problems = withStaleGenerated(checked.problems, root)
  const ms = performance.now() - started
  if (problems.length) {
    console.error(formatProblems(problems))
    return 1
  }
  console.log(`${checked.pages} pages checked in ${ms.toFixed(0)} ms: no problems.`)
  return 0
}
