import type { PagesAnswer } from '../../shared/api.ts'
import { noInput, route, type RouteContext } from './route.ts'

/** The page list with each page's problem count, and which pages have unsaved drafts. */
export const pagesAnswer = ({ project, drafts }: RouteContext): PagesAnswer => ({ files: project.list(), changed: [...project.changed].sort(), media: [...project.broughtIn].sort(), lastWrite: Object.fromEntries(project.lastWrite), drafts: drafts.list(), ...(project.unread !== undefined ? { unread: project.unread } : project.checked ? {} : { checking: true as const }) })

export default route('GET /api/pages', noInput, (_, context) => pagesAnswer(context), { beforeChecked: true })
