import { fileAt } from '../publish/index.ts'
import { Refused } from '../refused.ts'
import { route } from './route.ts'
import { withLinksBack, type RemovedLink } from '../links-to-page.ts'
import { pageName, sentenceStart } from '../../shared/author-words.ts'

/**
 * Put a deleted page back, saved and not yet published; nothing in the
 * history changes. From a version of its history when `commit` is given,
 * else with the text the studio kept when it deleted the page, and with the
 * links to it that went with it put back where they were (links-to-page.ts).
 */
export default route(
  'POST /api/restore-deleted',
  (f) => ({ path: f.text('path'), commit: f.optionalText('commit') }),
  async ({ path, commit }, { project, deleted, pagesChanged }) => {
    let text: string
    let links: RemovedLink[] = []
    if (commit === undefined) {
      const kept = deleted.get(path)
      if (!kept) throw new Refused(`The studio kept no text of ${pageName(path)}; open Deleted pages again to see what can be restored.`, 404)
      text = kept.text
      links = kept.links ?? []
    } else {
      if (!/^[0-9a-f]{7,64}$/.test(commit)) throw new Refused(`"${commit}" is not a version of this page.`, 400)
      try {
        text = await fileAt(project.paths.root, commit, `pages/${path}`)
      } catch {
        throw new Refused(`${sentenceStart(pageName(path))} has no version ${commit.slice(0, 7)}.`, 404)
      }
    }
    const back = links.length ? withLinksBack(links, project.texts()) : { texts: new Map<string, string>(), missed: [] }
    const file = await project.restore(path, text, back.texts)
    if (commit === undefined) deleted.drop(path)
    pagesChanged()
    return { file, relinked: [...back.texts.keys()], missed: back.missed }
  },
)
