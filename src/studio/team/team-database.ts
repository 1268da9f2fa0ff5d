import { join } from 'node:path'
import { studioFolder } from '../server/kept-files.ts'

/** Where the team studio keeps its accounts when not told (--db): the project's .studio/, beside the drafts, never committed. */
export function teamDatabase(projectRoot: string): string {
  return join(studioFolder(projectRoot), 'team.db')
}
