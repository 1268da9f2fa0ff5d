import { fileAt } from '../publish/index.ts'
import { Refused } from '../project.ts'
import { route } from './route.ts'

/**
 * Put a deleted page back, saved and not yet published; nothing in the
 * history changes. From a version of its history when `commit` is given,
 * else with the text the studio kept when it deleted the page.
 */
export default route(
  'POST /api/restore-deleted',
  (f) => ({ path: f.text('path'), commit: f.optionalText('commit') }),
  async ({ path, commit }, { project, deleted, pagesChanged }) => {
    let text: string
    if (commit === undefined) {
      const kept = deleted.get(path)
      if (!kept) throw new Refused(`The studio kept no text of pages/${path}; open Deleted pages again to see what can be restored.`, 404)
      text = kept.text
    } else {
      if (!/^[0-9a-f]{7,64}$/.test(commit)) throw new Refused(`"${commit}" is not a version of this page.`, 400)
      try {
        text = await fileAt(project.paths.root, commit, `pages/${path}`)
      } catch {
        throw new Refused(`pages/${path} has no version ${commit.slice(0, 7)}.`, 404)
      }
    }
    const file = await project.restore(path, text)
    if (commit === undefined) deleted.drop(path)
    pagesChanged()
    return { file }
  },
)
