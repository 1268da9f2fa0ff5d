import { route } from './route.ts'

/** Keep the author's unsaved text (server/drafts.ts); a page that does not exist has no draft. */
export default route(
  'PUT /api/draft',
  (f) => ({ path: f.text('path'), text: f.text('text'), baseHash: f.text('baseHash') }),
  ({ path, text, baseHash }, { project, drafts, draftsChanged }) => {
    const saved = project.read(path)
    const had = drafts.list().includes(path)
    if (text === saved.text) {
      drafts.drop(path)
      if (had) draftsChanged()
      return { at: new Date().toISOString() }
    }
    const draft = drafts.keep(path, text, baseHash)
    if (!had) draftsChanged()
    return { at: draft.at }
  },
  { beforeChecked: true },
)
