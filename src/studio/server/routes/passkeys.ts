import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { Refused } from '../refused.ts'
import { TeamRefusal } from '../../team/team-store.ts'
import { teamOf } from './people.ts'
import { noInput, route, type RouteContext } from './route.ts'

function signedInOf(context: RouteContext) {
  if (!context.user) throw new Refused('Sign in first.', 401)
  return context.user
}

/** The creation options for a passkey of the signed-in person's. */
export const passkeyOptions = route('POST /api/passkey-options', noInput, async (_input, context) => ({ ...(await teamOf(context).passkeys.addOptions(signedInOf(context))) }))

/** Keeps the passkey the browser made, once it checks out. */
export const passkeyAdd = route(
  'POST /api/passkey-add',
  (f) => ({ response: f.object('response') }),
  async ({ response }, context) => {
    const user = signedInOf(context)
    const { passkeys, store } = teamOf(context)
    try {
      await passkeys.add(user, response as unknown as RegistrationResponseJSON)
    } catch (error) {
      if (error instanceof TeamRefusal) throw new Refused(error.message, 422)
      throw error
    }
    return { passkeys: store.passkeysOf(user.id).length }
  },
)
