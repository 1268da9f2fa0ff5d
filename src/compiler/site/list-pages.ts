import { normalize, relative, sep } from 'node:path'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { reservedFolders, reservedRoutes, routeFromFile } from '../../shared/routes.ts'
import { walkFiles } from './project-files.ts'
import { display, linkProblems, type ProjectPaths } from './project-paths.ts'

/**
 * The routes, from the files under pages/, with the problems of the files
 * themselves: links that leave the folder, files that are not pages, names
 * that make no route, and two files for one route.
 */
export function listPages(paths: ProjectPaths): { problems: Problem[]; routeFiles: Map<string, string> } {
  const problems: Problem[] = []
  const pageFiles = walkFiles(paths.pagesDir)
  problems.push(...linkProblems(paths, pageFiles.links, 'pages/'))
  const yamlFiles: string[] = []
  for (const file of pageFiles.files) {
    const name = file.slice(file.lastIndexOf(sep) + 1)
    if (/\.ya?ml$/.test(name)) yamlFiles.push(file)
    else if (!name.startsWith('.')) {
      // Dot files (.gitkeep, .DS_Store) are the system's; anything else was meant to be something.
      const rename = /\.ya?ml$/i.test(name) ? name.replace(/\.(ya?ml)$/i, (ext) => ext.toLowerCase()) : undefined
      problems.push(problem('NotAPageFile', { name: display(paths, file), ...(rename ? { rename } : {}) }, { file: display(paths, file), line: 1, column: 1 }))
    }
  }
  const routeFiles = new Map<string, string>()
  // Routes by their lower-case spelling: on Windows and macOS, two files
  // that differ only in capitals are one file.
  const folded = new Map<string, string>()
  const folders = [...reservedFolders]
  // The walk's files are under the folder as it was named: each one's place in it is the rest of its path.
  const inPages = normalize(paths.pagesDir + sep)
  for (const file of yamlFiles) {
    const rel = (file.startsWith(inPages) ? file.slice(inPages.length) : relative(paths.pagesDir, file)).replace(/\\/g, '/')
    const of = routeFromFile(rel)
    if (of.kind === 'invalid') {
      problems.push(problem('InvalidFileName', { name: of.segment }, { file: display(paths, file), line: 1, column: 1 }))
    } else if (of.kind === 'route') {
      const taken = routeFiles.get(of.route)
      const folder = folders.find(([prefix]) => of.route === prefix || of.route.startsWith(`${prefix}/`))
      const other = taken ? display(paths, taken) : (reservedRoutes.get(of.route) ?? folder?.[1])
      const sameLetters = folded.get(of.route.toLowerCase())
      if (other) {
        problems.push(problem('RouteCollision', { route: of.route, other }, { file: display(paths, file), line: 1, column: 1 }))
      } else if (sameLetters) {
        problems.push(problem('RouteCaseCollision', { route: of.route, otherRoute: sameLetters, other: display(paths, routeFiles.get(sameLetters)!) }, { file: display(paths, file), line: 1, column: 1 }))
      } else {
        routeFiles.set(of.route, file)
        folded.set(of.route.toLowerCase(), of.route)
      }
    }
  }
  return { problems, routeFiles }
}
