import { route } from './route.ts'

/** The compiler's checks on a page's text as typed, and the page to preview when it has none. */
export default route(
  'POST /api/check',
  (f) => ({ path: f.text('path'), text: f.text('text') }),
  ({ path, text }, { project }) => project.check(path, text),
  { beforeChecked: true },
)
