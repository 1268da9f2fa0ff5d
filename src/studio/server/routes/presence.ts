import { Refused } from '../refused.ts'
import { route } from './route.ts'

/** A tab says which page it has open; everyone is told who has which page open (server/presence.ts). */
export default route(
  'POST /api/presence',
  (f) => {
    const tab = f.text('tab')
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(tab)) throw new Refused('"tab" must be the tab\'s own id: 8 to 64 letters, digits, "-" or "_".', 400)
    const file = f.optionalText('file')
    return { tab, ...(file ? { file } : {}) }
  },
  ({ tab, file }, { presence, user, project }) => {
    // The local studio has one person: nobody else is ever here.
    if (!user) return []
    if (file) project.resolve(file)
    return presence.mark(tab, { name: user.name, email: user.email }, file)
  },
  { beforeChecked: true },
)
