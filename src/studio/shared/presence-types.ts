/** Who has which page open in the team studio (server/presence.ts, client/presence.ts). No Node imports: the browser app imports this file. */

/** How often an open studio tab says which page it has open (POST /api/presence); the server forgets a tab after two missed. */
export const presenceBeatMs = 30_000

/** One person with one page open (a path under pages/). */
export interface HereNow {
  name: string
  email: string
  file: string
}
