import { fileAt } from '../publish/index.ts'
import { Refused } from '../project.ts'
import { route } from './route.ts'

/** Put a deleted page back, from a version of its history: saved, not yet published; nothing in the history changes. */
export default route(
  'POST /api/restore-deleted',
  (f) => ({ path: f.text('path'), commit: f.text('commit') }),
  async ({ path, commit }, { project, pagesChanged }) => {
    if (!/^[0-9a-f]{7,64}$/.test(commit)) throw new Refused(`"${commit}" is not a version of this page.`, 400)
    let text: string
    try {
      text = await fileAt(project.paths.root, commit, `pages/${path}`)
    } catch {
      throw new Refused(`pages/${path} has no version ${commit.slice(0, 7)}.`, 404)
    }
    const file = project.restore(path, text)
    pagesChanged()
    return { file }
  },
)
