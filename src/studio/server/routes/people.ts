import { Refused } from '../refused.ts'
import type { RouteContext } from './route.ts'
import type { TeamGate } from '../../team/team-gate.ts'
import { route, noInput } from './route.ts'

/** The team's accounts, or a refusal in the local studio (which has none). */
export function teamOf(context: RouteContext): TeamGate {
  if (!context.team) throw new Refused('This studio runs on one computer and has no accounts: the team studio, which a developer sets up on a server, has people.', 404)
  return context.team
}

/** Everyone with an account, for an editor's People list. */
export default route('GET /api/people', noInput, (_input, context) =>
  teamOf(context)
    .store.users()
    .map(({ name, email, role, active }) => ({ name, email, role, active })),
)
