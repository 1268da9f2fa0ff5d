import { linksTo } from '../links-to-page.ts'
import { routeFromFile } from '../../../shared/routes.ts'
import { showPath } from '../../../compiler/yaml-edit/index.ts'
import { route } from './route.ts'

/** The links that lead to a page, for Delete to say what goes with it. */
export default route(
  'GET /api/links-to',
  (f) => ({ path: f.text('path') }),
  ({ path }, { project }) => {
    const of = routeFromFile(path)
    if (of.kind !== 'route') return { links: [] }
    const texts = project.texts()
    texts.delete(path)
    return { links: linksTo(of.route, texts).map((link) => ({ file: link.file, where: showPath(link.path), removable: link.removable })) }
  },
)
