import { Refused } from '../refused.ts'
import { readPerson } from '../../team/people.ts'
import { roles, TeamRefusal, type Role } from '../../team/team-store.ts'
import { teamOf } from './people.ts'
import { route } from './route.ts'

/** An editor invites someone (or sends a new link to someone who has an account): the one-time link to send them. */
export default route(
  'POST /api/invite',
  (f) => ({ name: f.text('name'), email: f.text('email'), role: f.text('role'), reset: f.flag('reset') }),
  (input, context) => {
    const { store, baseUrl } = teamOf(context)
    const person = readPerson(`${input.name} <${input.email.trim()}>`)
    if (typeof person === 'string') throw new Refused(person, 422)
    try {
      let user = store.userByEmail(person.email)
      if (input.reset) {
        if (!user) throw new Refused(`No account has the address ${person.email}.`, 404)
      } else {
        if (!roles.includes(input.role as Role)) throw new Refused('Choose a role: author (writes and saves) or editor (also publishes).', 422)
        user = store.addUser(person.name, person.email, input.role as Role)
      }
      const link = new URL('/set-password', baseUrl)
      link.searchParams.set('invite', store.newInvite(user.id))
      return { link: link.href, person: { name: user.name, email: user.email, role: user.role, active: user.active && !input.reset } }
    } catch (error) {
      if (error instanceof TeamRefusal) throw new Refused(error.message, 409)
      throw error
    }
  },
)
