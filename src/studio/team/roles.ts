/**
 * What each role may do in the team studio, decided on the server for
 * every request (a hidden button is a courtesy, not the rule). Authors
 * write: pages, drafts, pictures, new pages. Editors also change what is
 * live or where it lives: publishing, deleting, renaming and restoring a
 * deleted page, and reviewing and publishing changes.
 */
import type { RouteName } from '../shared/api.ts'
import type { Role } from './team-store.ts'

const editorsOnly: ReadonlySet<RouteName> = new Set<RouteName>(['POST /api/publish', 'POST /api/delete', 'POST /api/rename', 'POST /api/restore-deleted', 'GET /api/people', 'POST /api/invite', 'POST /api/remove-person', 'POST /api/change-review', 'POST /api/change-publish'])

/** Why `role` may not call `route`, in words, or undefined when it may. */
export function roleRefusal(role: Role, route: RouteName): string | undefined {
  if (role === 'editor' || !editorsOnly.has(route)) return undefined
  const what: Partial<Record<RouteName, string>> = {
    'POST /api/publish': 'publish',
    'POST /api/delete': 'delete a page',
    'POST /api/rename': 'change a page’s address',
    'POST /api/restore-deleted': 'restore a deleted page',
    'GET /api/people': 'see who has an account',
    'POST /api/invite': 'invite people',
    'POST /api/remove-person': 'remove people',
    'POST /api/change-review': 'review a change',
    'POST /api/change-publish': 'publish a change',
  }
  return `Only an editor can ${what[route]}. Save your work: an editor of your team publishes it.`
}
