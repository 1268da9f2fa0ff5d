import { fileAt } from '../publish/index.ts'
import { Refused } from '../refused.ts'
import { route } from './route.ts'
import { pageName, sentenceStart } from '../../shared/author-words.ts'

/** A page's exact text at one commit of its history (the path it had then). */
export default route(
  'GET /api/version',
  (f) => ({ path: f.text('path'), commit: f.text('commit') }),
  async ({ path, commit }, { project }) => {
    project.resolve(path)
    if (!/^[0-9a-f]{7,64}$/.test(commit)) throw new Refused(`"${commit}" is not a version of this page.`, 400)
    try {
      return { text: await fileAt(project.paths.root, commit, `pages/${path}`) }
    } catch {
      throw new Refused(`${sentenceStart(pageName(path))} has no version ${commit.slice(0, 7)}.`, 404)
    }
  },
  { beforeChecked: true },
)
