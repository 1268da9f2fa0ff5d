import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { deletedPages, routeOf } from '../publish/index.ts'
import type { DeletedHere } from '../../shared/publish-types.ts'
import { noInput, route } from './route.ts'

/**
 * Pages not in pages/ now: first those deleted in the studio, whose texts it
 * kept (published or not), most recent first; then the others the history
 * deleted, newest deletion first. No repository: the studio's own alone.
 */
export default route(
  'GET /api/deleted',
  noInput,
  async (_, { project, deleted }) => {
    const root = project.paths.root
    const here: DeletedHere[] = deleted
      .list()
      .filter(({ file }) => !existsSync(join(project.paths.pagesDir, file)))
      .map(({ file, at }) => {
        const path = `pages/${file}`
        const route = routeOf(path)
        return { path, ...(route ? { route } : {}), deletedAt: at }
      })
    const kept = new Set(here.map((page) => page.path))
    const history = (await deletedPages(root).catch(() => [])).filter((page) => !kept.has(page.path))
    return [...here, ...history]
  },
  { beforeChecked: true },
)
