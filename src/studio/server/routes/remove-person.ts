import { Refused } from '../refused.ts'
import { teamOf } from './people.ts'
import { route } from './route.ts'

/** An editor takes someone's account away; an editor cannot remove themselves (the team would be left with no way back in from the studio). */
export default route(
  'POST /api/remove-person',
  (f) => ({ email: f.text('email') }),
  ({ email }, context) => {
    const { store } = teamOf(context)
    const user = store.userByEmail(email)
    if (!user) throw new Refused(`No account has the address ${email}.`, 404)
    if (user.id === context.user?.id) throw new Refused('You cannot remove your own account here: another editor can, or a developer on the server.', 409)
    store.removeUser(user.id)
    return {}
  },
)
