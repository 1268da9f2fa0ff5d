import { standing } from '../publish/status.ts'
import { fileAt } from '../publish/index.ts'
import { route } from './route.ts'

/** A page's text as last published (the commit this branch last shared with its remote; HEAD with no remote), or null. */
export default route(
  'GET /api/published',
  (f) => ({ path: f.text('path') }),
  async ({ path }, { project }) => {
    project.resolve(path)
    const { base } = await standing(project.paths.root)
    return { text: await fileAt(project.paths.root, base, `pages/${path}`).catch(() => null) }
  },
  { beforeChecked: true },
)
